package io.github.camelresourcesync.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** Records what is logged at WARN and above while open: what an operator reading the log would see. */
public final class LogCapture extends AbstractAppender implements AutoCloseable {

    private final List<String> lines = new CopyOnWriteArrayList<>();

    private LogCapture() {
        super("capture", null, null, true, Property.EMPTY_ARRAY);
    }

    private Level previousRootLevel;

    public static LogCapture open() {
        LogCapture capture = new LogCapture();
        capture.start();
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        ctx.getConfiguration().getRootLogger().addAppender(capture, Level.WARN, null);
        ctx.updateLoggers();
        return capture;
    }

    /**
     * Records everything down to DEBUG, every logger, with the thread name and the whole stack trace of a thrown
     * exception: for tests that search every line for something that must never be printed.
     */
    public static LogCapture everything() {
        LogCapture capture = new LogCapture();
        capture.full = true;
        capture.start();
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        capture.previousRootLevel = ctx.getConfiguration().getRootLogger().getLevel();
        ctx.getConfiguration().getRootLogger().setLevel(Level.DEBUG);
        ctx.getConfiguration().getRootLogger().addAppender(capture, Level.DEBUG, null);
        ctx.updateLoggers();
        return capture;
    }

    private boolean full;

    @Override
    public void append(LogEvent event) {
        StringBuilder b = new StringBuilder(event.getLevel().name()).append(' ');
        if (full) {
            b.append('[').append(event.getThreadName()).append("] ").append(event.getLoggerName()).append(' ');
        }
        b.append(event.getMessage().getFormattedMessage());
        for (Throwable t = event.getThrown(); t != null; t = t.getCause()) {
            b.append(" | ").append(t);
            if (full) {
                for (StackTraceElement e : t.getStackTrace()) {
                    b.append("\n\tat ").append(e);
                }
            }
        }
        lines.add(b.toString());
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** Whether a line contains every one of {@code parts}. */
    public boolean contains(String... parts) {
        return lines.stream().anyMatch(l -> List.of(parts).stream().allMatch(l::contains));
    }

    @Override
    public void close() {
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        ctx.getConfiguration().getRootLogger().removeAppender(getName());
        if (previousRootLevel != null) {
            ctx.getConfiguration().getRootLogger().setLevel(previousRootLevel);
        }
        ctx.updateLoggers();
        stop();
    }
}
