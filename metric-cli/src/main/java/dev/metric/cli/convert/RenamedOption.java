package dev.metric.cli.convert;

/**
 * Resolves an option that was renamed but whose old spelling is still accepted: the value given
 * under either name, or the default when neither was given. Both names at once are refused, since
 * one of the two values would be dropped without a word.
 */
public final class RenamedOption {

    private RenamedOption() {
    }

    /**
     * @param name         the option's current name, for the message
     * @param given        its value, or null when it was not given
     * @param oldName      the old spelling, for the message
     * @param givenByOld   the value given under the old spelling, or null
     * @param defaultValue what neither name gave
     * @throws IllegalArgumentException when both names were given
     */
    public static <T> T value(String name, T given, String oldName, T givenByOld, T defaultValue) {
        if (given != null && givenByOld != null) {
            throw new IllegalArgumentException(oldName + " is the old name of " + name + ": give one of them");
        }
        return given != null ? given : givenByOld != null ? givenByOld : defaultValue;
    }
}
