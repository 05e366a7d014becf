package dev.metric.cli.option;

import dev.metric.cli.convert.OptionLists;
import dev.metric.workload.CommandTemplate;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The user's own commands, {@code --command} templates drawn by {@code --weights} ({@code run}, {@code sweep run}). */
public final class CommandTemplates {

    @Option(names = "--command", paramLabel = "TEMPLATE", required = true,
            description = "A command, its words separated by spaces; __key__ and __value__ are filled in for each"
                    + " request. Repeat for several.")
    List<String> commands;

    @Option(names = "--weights", paramLabel = "W,W...",
            description = "How often each --command is sent relative to the others, in their order"
                    + " (default: all 1).")
    String weights;

    /**
     * The templates with their weights.
     *
     * @throws IllegalArgumentException for a weight list of another length than the templates, or a bad template
     */
    public List<CommandTemplate> templates() {
        List<Integer> parsed = new ArrayList<>();
        if (weights != null) {
            for (String weight : OptionLists.items("--weights", weights)) {
                parsed.add(OptionLists.wholeNumber("--weights", weight, 1));
            }
            if (parsed.size() != commands.size()) {
                throw new IllegalArgumentException("--weights has " + parsed.size() + " weights for "
                        + commands.size() + " --command templates");
            }
        }
        List<CommandTemplate> templates = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            templates.add(new CommandTemplate(commands.get(i), weights == null ? 1 : parsed.get(i)));
        }
        return templates;
    }
}
