package dev.metric.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/** The exit codes every command uses, and their text in {@code --help}. */
final class ExitCodes {

    static final int VERIFIED = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int UNREACHABLE = 3;

    /** The exit-code list printed in every command's help. */
    static Map<String, String> helpList() {
        Map<String, String> list = new LinkedHashMap<>();
        list.put(" " + VERIFIED, "every read verified");
        list.put(" " + FAILED, "a mismatch, or errors the run could not recover from");
        list.put(" " + USAGE, "bad usage: an invalid argument or option");
        list.put(" " + UNREACHABLE, "cannot reach or talk to the server");
        return list;
    }

    private ExitCodes() {
    }
}
