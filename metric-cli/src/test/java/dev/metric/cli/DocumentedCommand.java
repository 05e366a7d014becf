package dev.metric.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A command of a Markdown page: a line of a {@code bash} block, with the lines it continues with a
 * backslash, split into words as the shell splits them (quotes, no expansion).
 *
 * @param page  the page
 * @param line  its line number, from 1
 * @param words the command's words
 */
record DocumentedCommand(Path page, int line, List<String> words) {

    /** Every command of {@code page}'s {@code bash} blocks that runs metric. */
    static List<DocumentedCommand> in(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page);
        List<DocumentedCommand> commands = new ArrayList<>();
        boolean inBash = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
                inBash = !inBash && line.equals("```bash");
                continue;
            }
            if (!inBash || line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int first = i;
            StringBuilder text = new StringBuilder();
            while (line.endsWith("\\") && i + 1 < lines.size()) {
                text.append(line, 0, line.length() - 1).append(' ');
                line = lines.get(++i).strip();
            }
            text.append(line);
            DocumentedCommand command = new DocumentedCommand(page, first + 1, words(text.toString()));
            if (!command.metricArgs().isEmpty()) {
                commands.add(command);
            }
        }
        return commands;
    }

    /** Where the command is, for a failure's message. */
    String where() {
        return page.getFileName() + ":" + line;
    }

    /**
     * The words after {@code metric} or {@code java ... -jar .../metric.jar}, past any leading
     * variable assignments; empty for a command that does not run metric.
     */
    List<String> metricArgs() {
        int at = 0;
        while (at < words.size() && words.get(at).matches("[A-Z_]+=.*")) {
            at++;
        }
        if (at < words.size() && words.get(at).equals("metric")) {
            return words.subList(at + 1, words.size());
        }
        if (at < words.size() && words.get(at).equals("java")) {
            for (int i = at + 1; i + 1 < words.size(); i++) {
                if (words.get(i).equals("-jar") && words.get(i + 1).endsWith("metric.jar")) {
                    return words.subList(i + 2, words.size());
                }
            }
        }
        return List.of();
    }

    /** Words as the shell splits them: on blanks outside quotes; a comment ends the line. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder().append(c) : word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
