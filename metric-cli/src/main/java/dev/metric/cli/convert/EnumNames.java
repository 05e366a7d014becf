package dev.metric.cli.convert;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a value of an enum by the name users type, its {@code toString()} in any case, and names
 * every choice when the name is unknown: {@code unknown engine 'x', expected threads or loop}.
 *
 * @param <E> the enum
 */
public abstract class EnumNames<E extends Enum<E>> implements ITypeConverter<E> {

    private final Class<E> type;
    private final String noun;

    /** @param noun what a value is called in the message, e.g. {@code engine} */
    protected EnumNames(Class<E> type, String noun) {
        this.type = type;
        this.noun = noun;
    }

    @Override
    public E convert(String value) {
        for (E each : type.getEnumConstants()) {
            if (each.toString().equalsIgnoreCase(value)) {
                return each;
            }
        }
        List<String> names = Arrays.stream(type.getEnumConstants()).map(Object::toString).toList();
        String choices = names.size() == 1 ? names.get(0) : String.join(", ", names.subList(0, names.size() - 1))
                + " or " + names.get(names.size() - 1);
        throw new TypeConversionException("unknown " + noun + " '" + value + "', expected " + choices);
    }
}
