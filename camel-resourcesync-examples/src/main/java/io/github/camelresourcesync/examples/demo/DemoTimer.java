package io.github.camelresourcesync.examples.demo;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;

/**
 * The clock of a demo (the demo Source, the demo META-SHARE node): one change every interval on a daemon thread,
 * unless paused. A failing change is logged and the demo goes on (an exception would end the schedule silently).
 */
final class DemoTimer implements AutoCloseable {

    private final String name;
    private final Logger log;
    private final Runnable change;
    private final ScheduledExecutorService timer;
    private final AtomicBoolean paused = new AtomicBoolean();

    DemoTimer(String name, Logger log, Runnable change) {
        this.name = name;
        this.log = log;
        this.change = change;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name + "-changes");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts changing every {@code intervalMillis}; 0: never. */
    void start(long intervalMillis) {
        if (intervalMillis > 0) {
            timer.scheduleWithFixedDelay(this::tick, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    void pause(boolean pause) {
        paused.set(pause);
    }

    private void tick() {
        if (paused.get()) {
            return;
        }
        try {
            change.run();
        } catch (RuntimeException e) {
            log.error("{}: making a change failed", name, e);
        }
    }

    /** Stops; a change under way finishes first. */
    @Override
    public void close() {
        timer.shutdown();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
