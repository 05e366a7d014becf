package dev.metric.report;

import static dev.metric.report.ReportText.line;

import dev.metric.result.Faults;
import dev.metric.result.Outage;

/** The lines of a report that say a run was stopped early, or went through outages. */
public final class FaultsText {

    private FaultsText() {
    }

    /** Outages listed one per line; the JSON has them all. */
    private static final int LISTED = 5;

    public static void append(StringBuilder out, Faults faults) {
        for (Outage outage : faults.outages().subList(0, Math.min(LISTED, faults.outages().size()))) {
            line(out, "outage", "at %.2f s: no request succeeded for %.2f s, %,d failed%s; first error: %s",
                    outage.startSec(), outage.durationSec(), outage.failedRequests(),
                    outage.recovered() ? ", then requests succeeded again and the run went on"
                            : ", until the run ended", outage.firstError());
        }
        if (faults.outages().size() > LISTED) {
            line(out, "", "and %,d more outages (all of them are in --json)", faults.outages().size() - LISTED);
        }
        if (!faults.ranToTheEnd()) {
            line(out, "STOPPED", "early: %s. The figures above cover what was measured until then.",
                    faults.stoppedEarly());
        }
    }
}
