/**
 * Numbers with units as users type them ({@code 500ms}, {@code 2m}, {@code 10k}, {@code 4k}), read
 * one way for every option: durations, counts, rates and sizes.
 */
package dev.metric.units;
