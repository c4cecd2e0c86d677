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
    private String logger;
    private Level previousLoggerLevel;

    /**
     * Records what one logger (and those below it) logs down to DEBUG, as {@link #open()} records WARN: for a check of
     * one DEBUG line without the cost of every library's DEBUG output (HTTP wire logs of big bodies).
     */
    public static LogCapture debug(String loggerName) {
        LogCapture capture = new LogCapture();
        capture.start();
        capture.logger = loggerName;
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        org.apache.logging.log4j.core.config.Configuration conf = ctx.getConfiguration();
        org.apache.logging.log4j.core.config.LoggerConfig own = conf.getLoggerConfig(loggerName);
        if (!own.getName().equals(loggerName)) {
            own = new org.apache.logging.log4j.core.config.LoggerConfig(loggerName, Level.DEBUG, true);
            conf.addLogger(loggerName, own);
        } else {
            capture.previousLoggerLevel = own.getLevel();
        }
        own.setLevel(Level.DEBUG);
        own.addAppender(capture, Level.DEBUG, null);
        ctx.updateLoggers();
        return capture;
    }

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
        if (logger != null) {
            org.apache.logging.log4j.core.config.LoggerConfig own = ctx.getConfiguration().getLoggerConfig(logger);
            own.removeAppender(getName());
            if (previousLoggerLevel != null) {
                own.setLevel(previousLoggerLevel);
            } else {
                ctx.getConfiguration().removeLogger(logger);
            }
            ctx.updateLoggers();
            stop();
            return;
        }
        ctx.getConfiguration().getRootLogger().removeAppender(getName());
        if (previousRootLevel != null) {
            ctx.getConfiguration().getRootLogger().setLevel(previousRootLevel);
        }
        ctx.updateLoggers();
        stop();
    }
}
