/**
 * The words core code uses for the user's choices in its messages ({@link dev.metric.settings.Setting}),
 * and the messages and exceptions built of them, which each front end renders in its own terms.
 */
package dev.metric.settings;
