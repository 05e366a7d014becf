package dev.metric.cli.option;

import dev.metric.cli.convert.OptionLists;
import dev.metric.cli.convert.SetGetRatio;
import dev.metric.mode.template.TemplateOrder;
import dev.metric.workload.CommandTemplate;
import dev.metric.workload.KeyDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The user's own commands ({@code run}, {@code sweep run}): {@code --command} templates drawn by
 * {@code --weights}, or sent in turn by memtier_benchmark's {@code --command-ratio} or {@code --ratio}.
 */
public final class CommandTemplates {

    @Option(names = "--command", paramLabel = "TEMPLATE",
            description = "A command, its words separated by spaces; __key__ and __value__ (or memtier_benchmark's"
                    + " __data__) are filled in for each request. Repeat for several. Without it, --ratio.")
    List<String> commands;

    @Option(names = "--ratio", paramLabel = "SET:GET",
            description = "memtier_benchmark's default commands in place of --command: SET __key__ __value__ and"
                    + " GET __key__, in turn on each connection as memtier sends them: SET times SET, GET times GET"
                    + " (e.g. 1:10; 1:0 only SETs).")
    String ratio;

    @Option(names = "--weights", paramLabel = "W,W...",
            description = "How often each --command is sent relative to the others, in their order"
                    + " (default: all 1).")
    String weights;

    @Option(names = "--command-ratio", paramLabel = "W",
            description = "memtier_benchmark's weights: one per --command, in their order, each sent in turn on"
                    + " each connection as memtier sends them, its weight's times in a row, where --weights draws"
                    + " each request's command at random.")
    List<Integer> commandRatios;

    @Option(names = "--scan-incremental-iteration",
            description = "memtier_benchmark's: the one --command is \"SCAN 0 ...\", and each connection's next SCAN"
                    + " takes the cursor its last returned, from 0 again once one returns 0; one request in flight.")
    boolean followCursor;

    @Option(names = "--command-key-pattern", paramLabel = "R|S|P|G|Z",
            description = "How each --command's __key__ is drawn, as memtier_benchmark's: one letter per --command, in"
                    + " their order (R uniform, S sequential, P parallel, G gaussian with --key-median and"
                    + " --key-stddev, Z zipfian with --zipf); without it every command draws as --key-dist says.")
    List<String> keyPatterns;

    /**
     * The templates with their weights, each drawing its keys as its --command-key-pattern letter
     * names through {@code patterns}, or as the run does.
     *
     * @throws IllegalArgumentException for a list of weights or patterns of another length than the
     *                                  templates, both weight options, or a bad template
     */
    public List<CommandTemplate> templates(Function<String, KeyDistribution> patterns) {
        if (commands == null) {
            return ratioTemplates();
        }
        if (ratio != null) {
            throw new IllegalArgumentException("--ratio sends memtier_benchmark's SET and GET in place of --command:"
                    + " give one");
        }
        List<Integer> parsed = weights();
        if (keyPatterns != null && keyPatterns.size() != commands.size()) {
            throw new IllegalArgumentException("--command-key-pattern is given " + keyPatterns.size() + " times for "
                    + commands.size() + " --command templates: give one per --command, in their order");
        }
        List<CommandTemplate> templates = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            templates.add(new CommandTemplate(commands.get(i), parsed == null ? 1 : parsed.get(i),
                    keyPatterns == null ? null : patterns.apply(keyPatterns.get(i))));
        }
        return templates;
    }

    /**
     * memtier's default commands, SET and GET, weighted by --ratio; a side of 0 is not sent.
     *
     * @throws IllegalArgumentException without --ratio either, beside the options of --command, or for
     *                                  a ratio that is not SET:GET of whole numbers not both 0
     */
    private List<CommandTemplate> ratioTemplates() {
        if (ratio == null) {
            throw new IllegalArgumentException("give the commands to send: --command TEMPLATE (repeatable), or"
                    + " --ratio SET:GET for SET and GET");
        }
        if (weights != null || commandRatios != null || keyPatterns != null) {
            throw new IllegalArgumentException("--weights, --command-ratio and --command-key-pattern go with --command,"
                    + " not --ratio");
        }
        SetGetRatio parsed = SetGetRatio.parse(ratio);
        List<CommandTemplate> templates = new ArrayList<>();
        if (parsed.sets() > 0) {
            templates.add(new CommandTemplate("SET " + CommandTemplate.KEY + " " + CommandTemplate.VALUE,
                    parsed.sets()));
        }
        if (parsed.gets() > 0) {
            templates.add(new CommandTemplate("GET " + CommandTemplate.KEY, parsed.gets()));
        }
        return templates;
    }

    /**
     * Following SCAN's cursor with --scan-incremental-iteration; in turn for memtier's --command-ratio
     * and --ratio, as memtier sends them; drawn for --weights.
     */
    public TemplateOrder order() {
        return followCursor ? TemplateOrder.FOLLOWING_CURSOR
                : commandRatios != null || ratio != null ? TemplateOrder.IN_TURN : TemplateOrder.DRAWN;
    }

    /** The weights of --weights or --command-ratio, one per template; null when neither was given. */
    private List<Integer> weights() {
        if (weights != null && commandRatios != null) {
            throw new IllegalArgumentException("--command-ratio is memtier_benchmark's way to give --weights: give"
                    + " one");
        }
        List<Integer> parsed = new ArrayList<>();
        if (commandRatios != null) {
            parsed.addAll(commandRatios);
        } else if (weights != null) {
            for (String weight : OptionLists.items("--weights", weights)) {
                parsed.add(OptionLists.wholeNumber("--weights", weight, 1));
            }
        } else {
            return null;
        }
        if (parsed.size() != commands.size()) {
            throw new IllegalArgumentException((commandRatios != null ? "--command-ratio" : "--weights") + " has "
                    + parsed.size() + " weights for " + commands.size() + " --command templates");
        }
        return parsed;
    }
}
