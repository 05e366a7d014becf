package dev.metric.result;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The machine and JVM a result was measured on, printed with it so results can be compared.
 *
 * @param host           the machine's host name: which load generator, when several ran together
 * @param metricVersion  version of metric itself
 * @param jvm            JVM vendor, name and version
 * @param os             operating system and architecture
 * @param cores          processors available to the JVM
 * @param maxHeapBytes   the heap limit the JVM runs with
 * @param jvmOptions     the options the JVM was started with (its heap, its collector, its logs), as
 *                       it reports them; null in results written before metric recorded them
 */
public record RunEnvironment(String host, String metricVersion, String jvm, String os, int cores,
                             long maxHeapBytes, List<String> jvmOptions) {

    /** This JVM. */
    public static RunEnvironment current() {
        Package metric = RunEnvironment.class.getPackage();
        String version = metric.getImplementationVersion() == null ? "development build"
                : metric.getImplementationVersion();
        return new RunEnvironment(hostName(), version,
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory(),
                List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
