package dev.metric.cli.output;

import picocli.CommandLine.IVersionProvider;

/** {@code --version} from the jar manifest, so the version has one source: the Maven build. */
public final class ManifestVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        return new String[] {
            "metric " + (version == null ? "(development build, no manifest)" : version),
            "Java ${java.version} (${java.vendor} ${java.vm.name})",
        };
    }
}
