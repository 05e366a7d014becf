/**
 * Many load generators as one Kubernetes Indexed Job: {@link dev.metric.fleet.FleetJob} writes the
 * manifest, {@link dev.metric.fleet.KubernetesFleet} runs it and waits, and
 * {@link dev.metric.fleet.FleetResults} reads each generator's framed results back from its log and
 * merges them over the window in which all of them measured.
 */
package dev.metric.fleet;
