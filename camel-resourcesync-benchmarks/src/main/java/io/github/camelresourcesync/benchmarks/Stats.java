package io.github.camelresourcesync.benchmarks;

import java.util.List;

/** Best and spread of repeated measurements. */
final class Stats {

    private Stats() {
    }

    /** e.g. {@code best 412,345/s, runs 398,120-412,345/s (spread 3.5%)} */
    static String rates(List<Double> rates, String unit) {
        if (rates.isEmpty()) {
            return "no successful run";
        }
        double best = rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double worst = rates.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double spread = best == 0 ? 0 : (best - worst) / best * 100;
        return String.format("best %,.0f %s; %d runs %,.0f-%,.0f (spread %.1f%%)", best, unit, rates.size(), worst,
                best, spread);
    }
}
