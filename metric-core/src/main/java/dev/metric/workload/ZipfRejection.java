package dev.metric.workload;

import java.util.function.DoubleSupplier;

/**
 * Draws Zipfian ranks for any exponent, 1 and above included, by rejection-inversion (Hörmann and
 * Derflinger, "Rejection-inversion to generate variates from monotone discrete distributions", ACM
 * TOMACS 6(3), 1996), the method memtier_benchmark's Z key pattern uses: rank {@code k} (from 0) with
 * probability proportional to {@code 1 / (k + 1)^exponent}, exactly, in constant expected time and
 * without a table, where {@link ZipfianTable}'s method holds only for exponents below 1.
 */
final class ZipfRejection {

    private final int keyCount;
    private final double exponent;
    private final double integralFirst;
    private final double integralLast;
    private final double squeeze;

    ZipfRejection(int keyCount, double exponent) {
        this.keyCount = keyCount;
        this.exponent = exponent;
        this.integralFirst = integral(1.5) - 1;
        this.integralLast = integral(keyCount + 0.5);
        this.squeeze = 2 - inverseIntegral(integral(2.5) - density(2));
    }

    /** The rank for uniform draws in [0, 1) from {@code uniform}, until one is accepted: 0 is the most frequent. */
    int rank(DoubleSupplier uniform) {
        while (true) {
            double u = integralLast + uniform.getAsDouble() * (integralFirst - integralLast);
            double x = inverseIntegral(u);
            long k = Math.max(1, Math.min(keyCount, (long) (x + 0.5)));
            if (k - x <= squeeze || u >= integral(k + 0.5) - density(k)) {
                return (int) (k - 1);
            }
        }
    }

    /** The unnormalised probability of rank {@code x} counted from 1: {@code x^-exponent}. */
    private double density(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    /** An antiderivative of {@link #density}: {@code (x^(1-e) - 1) / (1-e)}, or {@code log x} at e = 1. */
    private double integral(double x) {
        double logX = Math.log(x);
        return expm1OverX((1 - exponent) * logX) * logX;
    }

    /** The inverse of {@link #integral}. */
    private double inverseIntegral(double y) {
        double t = Math.max(-1, y * (1 - exponent));
        return Math.exp(log1pOverX(t) * y);
    }

    /** {@code (e^x - 1) / x}, 1 at 0, accurate near 0. */
    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x / 2 * (1 + x / 3 * (1 + x / 4));
    }

    /** {@code log(1 + x) / x}, 1 at 0, accurate near 0. */
    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }
}
