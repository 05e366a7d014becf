package dev.metric.run;

import dev.metric.server.TargetAdmin;
import dev.metric.settings.Setting;
import dev.metric.settings.SettingMessage;
import dev.metric.workload.DataSet;
import dev.metric.workload.ValueVerifier;
import dev.metric.workload.Verdict;
import dev.metric.workload.VersionedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A look, before a run that uses the keys already there ({@code --skip-load}), at a few of them.
 * mode1 and mode2 write different values under the same key names: when the keys hold the other
 * mode's values and none of this mode's, every read would fail verification, and the run would
 * spend its whole length reporting failures to say one thing. It is refused at once instead, in
 * one line that says so. A cluster is not looked at (its keys are not read from one connection):
 * there the run's report says it, in its {@code why} line.
 */
public final class SkipLoadCheck {

    /** Keys looked at, spread over the data set. */
    private static final int SAMPLE = 16;

    /** How one mode judges a stored value. */
    @FunctionalInterface
    private interface Judge {
        Verdict check(int index, byte[] value);
    }

    /**
     * One mode's name and how it judges what it wrote.
     *
     * @param name  as the user types it, e.g. {@code mode1}
     * @param judge its verification of a key's value
     */
    private record Mode(String name, Judge judge) {
    }

    private SkipLoadCheck() {
    }

    /** Before mode1 verifies keys already there; not for data types, nor values too short to carry mode2's header. */
    public static void beforeMode1(TargetAdmin admin, int database, DataSet dataSet) {
        if (!dataSet.spec().structured() && VersionedValues.fitIn(dataSet.valueSizes())) {
            refuseOtherModesData(admin, database, dataSet, new Mode("mode1", new ValueVerifier(dataSet)::check),
                    new Mode("mode2", new VersionedValues(dataSet)::check));
        }
    }

    /** Before mode2 uses keys already there; not for data types, whose values are judged field by field. */
    public static void beforeMode2(TargetAdmin admin, int database, DataSet dataSet) {
        if (!dataSet.spec().structured()) {
            refuseOtherModesData(admin, database, dataSet, new Mode("mode2", new VersionedValues(dataSet)::check),
                    new Mode("mode1", new ValueVerifier(dataSet)::check));
        }
    }

    /**
     * Reads {@link #SAMPLE} of {@code dataSet}'s keys and refuses the run when some hold intact
     * values of {@code other} and none an intact value of {@code running}.
     *
     * @throws RunRefusedException then, with how many keys it looked at and what they held
     */
    private static void refuseOtherModesData(TargetAdmin admin, int database, DataSet dataSet, Mode running,
                                             Mode other) {
        int looked = Math.min(SAMPLE, dataSet.keyCount());
        List<Integer> indices = new ArrayList<>();
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < looked; i++) {
            int index = (int) ((long) i * dataSet.keyCount() / looked);
            indices.add(index);
            keys.add(dataSet.key(index));
        }
        Optional<List<byte[]>> found = admin.peek(keys);
        if (found.isEmpty()) {
            return;
        }
        List<byte[]> values = found.get();
        int ours = 0;
        int theirs = 0;
        for (int i = 0; i < looked; i++) {
            byte[] value = values.get(i);
            if (value == null) {
                continue;
            }
            if (running.judge().check(indices.get(i), value) == Verdict.MATCH) {
                ours++;
            } else if (other.judge().check(indices.get(i), value) == Verdict.MATCH) {
                theirs++;
            }
        }
        if (theirs > 0 && ours == 0) {
            throw new RunRefusedException(SettingMessage.of(Setting.SKIP_LOAD, String.format(" refused: db %d of %s"
                            + " holds metric %s's data: %d of %d of the run's keys looked at hold intact %s values,"
                            + " none a %s value, and %s verifies only values it wrote. Leave out ", database,
                    admin.describe(), other.name(), theirs, looked, other.name(), running.name(), running.name()),
                    Setting.SKIP_LOAD, " to write them with " + running.name() + ", or choose another ",
                    Setting.DATABASE));
        }
    }
}
