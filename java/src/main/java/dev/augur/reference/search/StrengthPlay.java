package dev.augur.reference.search;

import java.util.List;

/**
 * Play at a chosen strength (UCI_LimitStrength, UCI_Elo), the port of native strength.{h,cpp}:
 * a node budget that halves every {@link StrengthParams#ELO_PER_DOUBLING} points (on the search's
 * scale, compressed above {@link StrengthParams#COMPRESS_FROM_ELO}), and the move
 * drawn from the best root lines with weights that fall with a line's distance from the best, at
 * a temperature that grows as the setting falls. The same numbers and the same random sequence
 * as native, so that both searches play the same move from the same seed.
 */
public final class StrengthPlay {
    private StrengthPlay() {}

    /** The setting on the scale the budget and temperature are written in: compressed above {@link StrengthParams#COMPRESS_FROM_ELO}. */
    public static int searchElo(int uciElo) {
        if (uciElo <= StrengthParams.COMPRESS_FROM_ELO) {
            return uciElo;
        }
        return StrengthParams.COMPRESS_FROM_ELO
            + (uciElo - StrengthParams.COMPRESS_FROM_ELO) * StrengthParams.COMPRESS_PERMILLE / 1000;
    }

    /** The nodes a move may take at this UCI_Elo. */
    public static long nodeBudget(int uciElo) {
        int above = Math.max(0, searchElo(uciElo) - StrengthParams.BASE_ELO);
        int doublings = Math.min(above / StrengthParams.ELO_PER_DOUBLING, 40);
        long low = (long) StrengthParams.BASE_NODES << doublings;
        return low + low * (above % StrengthParams.ELO_PER_DOUBLING) / StrengthParams.ELO_PER_DOUBLING;
    }

    /** The temperature of the draw in centipawns at this UCI_Elo; 0: the best line is always played. */
    public static int temperature(int uciElo) {
        int elo = searchElo(uciElo);
        return elo >= StrengthParams.EXACT_ELO ? 0
            : (StrengthParams.EXACT_ELO - elo) * StrengthParams.TEMPERATURE_PER_100_ELO / 100;
    }

    /** The weight of a line {@code behind} centipawns below the best one (which weighs the whole scale). */
    public static long weight(int behind, int temperature) {
        return Math.round(StrengthParams.WEIGHT_SCALE * Math.exp(-(double) behind / temperature));
    }

    /** Draws the index of the line to play from the lines' scores (any order), as native choose_line. */
    public static int chooseLine(List<Integer> scores, int temperature, Random random) {
        if (scores.isEmpty()) {
            return 0;
        }
        int best = 0;
        for (int i = 1; i < scores.size(); i++) {
            if (scores.get(i) > scores.get(best)) best = i;
        }
        if (temperature <= 0 || scores.size() == 1) {
            return best;
        }
        int bestScore = scores.get(best);
        long total = 0;
        for (int score : scores) {
            total += weight(bestScore - score, temperature);
        }
        long draw = Long.remainderUnsigned(random.next(), total);
        for (int i = 0; i < scores.size(); i++) {
            draw -= weight(bestScore - scores.get(i), temperature);
            if (draw < 0) return i;
        }
        return best;  // not reached: the weights add up to total
    }

    /** SplitMix64, as native StrengthRandom. */
    public static final class Random {
        private long state;

        public Random(long seed) {
            state = seed;
        }

        public void seed(long seed) {
            state = seed;
        }

        public long next() {
            long z = (state += 0x9E3779B97F4A7C15L);
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }
}
