package dev.firebreak.lab.experiment;

import dev.firebreak.lab.experiment.collapse.CollapseExperiment;
import dev.firebreak.lab.experiment.blocking.BlockingExperiment;
import dev.firebreak.lab.experiment.fanout.FanoutExperiment;
import dev.firebreak.lab.experiment.fleet.FleetExperiment;
import dev.firebreak.lab.experiment.hedge.HedgeExperiment;
import dev.firebreak.lab.experiment.overload.OverloadExperiment;
import dev.firebreak.lab.experiment.retry.RetryExperiment;
import dev.firebreak.lab.experiment.shed.ShedExperiment;
import dev.firebreak.lab.experiment.tuning.TuningExperiment;
import java.util.List;
import java.util.Optional;

/** The lab's experiments by name. New ones (blocking, fanout, tuning) are added to {@link #ALL}. */
public final class Experiments {

    /** Every experiment, in the order {@code ./firebreak lab} lists them. */
    public static final List<Experiment> ALL = List.of(new CollapseExperiment(), new BlockingExperiment(), new FanoutExperiment(), new TuningExperiment(),
            new RetryExperiment(), new HedgeExperiment(), new OverloadExperiment(), new ShedExperiment(), new FleetExperiment());

    private Experiments() {
    }

    /** The experiment called {@code name}. */
    public static Optional<Experiment> find(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
    }
}
