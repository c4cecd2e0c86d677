package io.github.camelresourcesync.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** What the figures were measured on: printed at the top of every benchmark summary. */
final class Machine {

    private Machine() {
    }

    static int nproc() {
        return Runtime.getRuntime().availableProcessors();
    }

    static String cpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return System.getProperty("os.arch");
    }

    static String ram() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                return String.format("%.1f GiB", kb / 1024.0 / 1024.0);
            }
        }
        return "unknown";
    }

    /** CPU time of this whole JVM so far (every thread: GC and JIT included), in nanoseconds. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Resident set size of this process (VmRSS), or -1 where /proc does not tell. */
    static long residentBytes() {
        for (String line : lines("/proc/self/status")) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    /** The 1, 5 and 15 minute load averages, as {@code uptime} shows them. */
    static String loadAverage() {
        List<String> l = lines("/proc/loadavg");
        if (l.isEmpty()) {
            return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
        String[] f = l.get(0).split("\\s+");
        return f[0] + ", " + f[1] + ", " + f[2];
    }

    static String java() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
               + System.getProperty("java.vendor") + ")";
    }

    static String mb(long bytes) {
        return String.format("%.1f MB", bytes / 1024.0 / 1024.0);
    }

    /** The header of a summary: machine, JDK, heap, load, date. */
    static String describe(String harvesterHeap) {
        StringBuilder sb = new StringBuilder();
        sb.append("date:        ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n');
        sb.append("machine:     nproc=").append(nproc()).append(", CPU: ").append(cpuModel()).append(", RAM: ")
                .append(ram()).append('\n');
        sb.append("os:          ").append(System.getProperty("os.name")).append(' ')
                .append(System.getProperty("os.version")).append('\n');
        sb.append("java:        ").append(java()).append('\n');
        sb.append("max heap:    ").append(harvesterHeap).append('\n');
        sb.append("load avg:    ").append(loadAverage()).append(" (1/5/15 min, now)").append('\n');
        return sb.toString();
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
