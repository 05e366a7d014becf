package dev.metric.cli.convert;

import dev.metric.client.ServerAddress;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code HOST:PORT}, an IPv6 host in brackets ({@code [::1]:6380}), as where a server listens. */
public final class AddressConverter implements ITypeConverter<ServerAddress> {

    @Override
    public ServerAddress convert(String text) {
        String value = text.strip();
        int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1) {
            throw new TypeConversionException("expected HOST:PORT, got '" + text + "'");
        }
        String host = value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.indexOf(':') >= 0) {
            throw new TypeConversionException("an IPv6 host goes in brackets, as [::1]:6380; got '" + text + "'");
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("the port of '" + text + "' is not a number");
        }
        try {
            return new ServerAddress(host, port);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + text + "': " + e.getMessage());
        }
    }
}
