package dev.metric.cli.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.metric.client.ServerAddress;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class AddressConverterTest {

    private final AddressConverter converter = new AddressConverter();

    @Test
    void readsAHostAndAPortAndAnIpv6HostInBrackets() {
        assertEquals(new ServerAddress("replica-1.cache", 6380), converter.convert("replica-1.cache:6380"));
        assertEquals(new ServerAddress("::1", 7001), converter.convert(" [::1]:7001 "));
    }

    @Test
    void refusesWhatIsNoAddressInOneLine() {
        assertEquals("expected HOST:PORT, got '6380'",
                assertThrows(TypeConversionException.class, () -> converter.convert("6380")).getMessage());
        assertEquals("an IPv6 host goes in brackets, as [::1]:6380; got '::1:6380'",
                assertThrows(TypeConversionException.class, () -> converter.convert("::1:6380")).getMessage());
        assertEquals("the port of 'host:x' is not a number",
                assertThrows(TypeConversionException.class, () -> converter.convert("host:x")).getMessage());
        assertEquals("'host:70000': port must be 1..65535, got 70000",
                assertThrows(TypeConversionException.class, () -> converter.convert("host:70000")).getMessage());
    }
}
