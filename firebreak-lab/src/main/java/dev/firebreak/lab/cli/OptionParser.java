package dev.firebreak.lab.cli;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Parses an experiment's command line into its {@link ExperimentOptions} with picocli, from the
 * options' declarations alone: {@code --option VALUE} or {@code --option=VALUE}, defaults from the
 * annotations ({@link QuickDefault} under {@code --quick}), ranges from {@link Range}. Every refusal is
 * a {@link UsageException} naming the option, the value and the rule; the usage text is generated from
 * the same declarations ({@link #usage}).
 */
public final class OptionParser {

    private OptionParser() {
    }

    /** Parses {@code argv} into {@code options} and returns them, resolved. */
    public static <O extends ExperimentOptions> O parse(O options, List<String> argv) throws UsageException {
        CommandLine line = commandLine(options, argv.contains("--quick"));
        ParseResult result;
        try {
            result = line.parseArgs(argv.toArray(String[]::new));
        } catch (ParameterException e) {
            throw translate(e, line.getCommandSpec());
        }
        for (OptionSpec option : line.getCommandSpec().options()) {
            Range range = annotation(option, Range.class);
            if (range != null && result.hasMatchedOption(option)) {
                String raw = result.matchedOption(option.longestName()).stringValues().getFirst();
                double value = ((Number) option.getValue()).doubleValue();
                if (value < range.min() || value > range.max()) {
                    throw new UsageException(rangeMessage(option, range, raw));
                }
            }
        }
        options.resolve();
        return options;
    }

    /** The usage text of {@code options}: {@code synopsis}, then one line per declared option with its defaults. */
    public static String usage(String synopsis, ExperimentOptions options) {
        StringBuilder text = new StringBuilder(synopsis).append('\n');
        for (OptionSpec option : commandLine(options, false).getCommandSpec().options()) {
            String left = option.longestName() + (option.typeInfo().isBoolean() ? "" : " " + option.paramLabel());
            StringBuilder right = new StringBuilder(String.join(" ", option.description()));
            QuickDefault quick = annotation(option, QuickDefault.class);
            if (option.defaultValue() != null) {
                right.append(" (default ").append(option.defaultValue()).append(quick != null ? "; --quick " + quick.value() : "").append(')');
            } else if (quick != null) {
                right.append(" (--quick ").append(quick.value()).append(')');
            }
            Range range = annotation(option, Range.class);
            if (range != null) {
                right.append(" [").append(bound(option, range.min())).append("..").append(bound(option, range.max())).append(']');
            }
            text.append(String.format(Locale.ROOT, "  %-20s %s%n", left, right));
        }
        return text.toString();
    }

    private static CommandLine commandLine(ExperimentOptions options, boolean quick) {
        CommandLine line = new CommandLine(options);
        line.setDefaultValueProvider(arg -> {
            QuickDefault value = quick && arg instanceof OptionSpec option ? annotation(option, QuickDefault.class) : null;
            return value == null ? null : value.value();
        });
        return line;
    }

    private static UsageException translate(ParameterException e, CommandSpec spec) {
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
            String word = unmatched.getUnmatched().getFirst();
            if (word.startsWith("-")) {
                TreeSet<String> known = new TreeSet<>();
                spec.options().forEach(o -> known.add(o.longestName()));
                return new UsageException("unknown option '" + word + "' (known: " + String.join(", ", known) + ")");
            }
            return new UsageException("unexpected argument '" + word + "'");
        }
        if (e instanceof CommandLine.MissingParameterException missing && !missing.getMissing().isEmpty()
                && missing.getMissing().getFirst() instanceof OptionSpec option) {
            return new UsageException(option.longestName() + " needs a value");
        }
        if (e instanceof CommandLine.OverwrittenOptionException twice && twice.getOverwritten() instanceof OptionSpec option) {
            return new UsageException(option.longestName() + " given twice");
        }
        if (e.getArgSpec() instanceof OptionSpec option) {
            if (option.typeInfo().isBoolean()) {
                return new UsageException(option.longestName() + " takes no value (got '" + e.getValue() + "')");
            }
            Range range = annotation(option, Range.class);
            if (range != null) {
                return new UsageException(rangeMessage(option, range, e.getValue()));
            }
            if (e.getCause() instanceof CommandLine.TypeConversionException conversion) {
                return new UsageException(option.longestName() + " " + conversion.getMessage());
            }
            return new UsageException(option.longestName() + " cannot take '" + e.getValue() + "': " + e.getMessage());
        }
        return new UsageException(e.getMessage());
    }

    private static String rangeMessage(OptionSpec option, Range range, String raw) {
        String kind = integral(option) ? "an integer" : "a number";
        return option.longestName() + " must be " + kind + " between " + bound(option, range.min()) + " and " + bound(option, range.max())
                + ", was '" + raw + "'";
    }

    private static String bound(OptionSpec option, double value) {
        return integral(option) ? Long.toString((long) value) : Double.toString(value);
    }

    private static boolean integral(OptionSpec option) {
        Class<?> type = option.type();
        return type == int.class || type == long.class || type == Integer.class || type == Long.class;
    }

    private static <A extends java.lang.annotation.Annotation> A annotation(ArgSpec arg, Class<A> type) {
        return arg.userObject() instanceof Field field ? field.getAnnotation(type) : null;
    }
}
