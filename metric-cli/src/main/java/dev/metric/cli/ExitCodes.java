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
        list.put(" " + FAILED, "a mismatch, errors, or a run stopped early because the server went away");
        list.put(" " + USAGE, "bad usage: an invalid argument or option, or a --flush refused");
        list.put(" " + UNREACHABLE, "cannot reach, authenticate to or talk to the server");
        list.put(" 130, 143", "stopped by Ctrl-C (SIGINT) or SIGTERM; what was measured is printed");
        return list;
    }

    private ExitCodes() {
    }
}
