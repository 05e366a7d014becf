package dev.metric.engine;

import dev.metric.client.Completion;
import dev.metric.client.Request;
import dev.metric.record.RequestTimer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * GETs of keys {@code k0, k1, ...}, as many as it is given (or without end), keeping the moments
 * of every request it judges in the order it judged them, and recording them at the record site.
 */
final class CountedWorkload implements Workload<CountedWorkload.Numbered> {

    /** A request and which of the workload's operations it is. */
    static final class Numbered extends Request {
        long number;
        /** Whether it is the follow-up of operation {@link #number}, sent once that was judged. */
        boolean followUp;

        Numbered(Completion owner) {
            super(owner);
        }
    }

    /** The moments of one judged request, and whether it failed. */
    record Judged(long number, long intendedNanos, long sendableNanos, long onWireNanos, long completedNanos,
                  boolean failed, int side, boolean followUp) {
        long responseNanos() {
            return completedNanos - intendedNanos;
        }

        long serviceNanos() {
            return completedNanos - onWireNanos;
        }

        long latenessNanos() {
            return onWireNanos - intendedNanos;
        }

        long ownDelayNanos() {
            return onWireNanos - sendableNanos;
        }
    }

    final RequestTimer timer = new RequestTimer();
    final List<Judged> judged = Collections.synchronizedList(new ArrayList<>());
    private final long operations;
    private long next;
    private int outstanding;
    int mostOutstanding;

    /** For each operation sent, in order: how many had been judged when it was. */
    final List<Integer> judgedWhenSent = Collections.synchronizedList(new ArrayList<>());
    private final boolean withoutFollowUps;
    /** Whether each operation, once judged, is followed up by one more request, counted with it. */
    boolean followsUp;
    /** The follow-up owed: its operation's number, its intended start and its operation's. */
    private long[] owed;
    /** What the test does as each request is judged, on the thread that judges it. */
    Consumer<Numbered> whenJudged = request -> { };
    /** What the test does before the lane fills in each operation, on the lane's thread. */
    Consumer<Long> beforeOperation = number -> { };

    /** @param operations how many to send, {@link Long#MAX_VALUE} for no end */
    CountedWorkload(long operations) {
        this(operations, false);
    }

    /** @param withoutFollowUps what {@link #judgesWithoutFollowUps} answers */
    CountedWorkload(long operations, boolean withoutFollowUps) {
        this.operations = operations;
        this.withoutFollowUps = withoutFollowUps;
    }

    @Override
    public boolean judgesWithoutFollowUps() {
        return withoutFollowUps;
    }

    @Override
    public Numbered newRequest(Completion owner) {
        return new Numbered(owner);
    }

    @Override
    public boolean nextScheduled(Numbered request) {
        if (next == operations) {
            return false;
        }
        beforeOperation.accept(next);
        request.number = next;
        judgedWhenSent.add(judged.size());
        request.get(("k" + next++).getBytes(StandardCharsets.US_ASCII));
        outstanding++;
        mostOutstanding = Math.max(mostOutstanding, outstanding);
        return true;
    }

    @Override
    public boolean nextFollowUp(Numbered request) {
        if (owed == null) {
            request.followUp = false;
            return false;
        }
        request.number = owed[0];
        request.followUp = true;
        request.get(("f" + owed[0]).getBytes(StandardCharsets.US_ASCII));
        request.intend(owed[1]);
        request.countWith(owed[2]);
        owed = null;
        return true;
    }

    @Override
    public RequestTimer judge(Numbered request) {
        outstanding--;
        judged.add(new Judged(request.number, request.intendedNanos(), request.sendableNanos(), request.onWireNanos(),
                request.completedNanos(), request.error() != null, request.windowSide(), request.followUp));
        if (followsUp && !request.followUp) {
            owed = new long[] {request.number, request.completedNanos(), request.intendedNanos()};
        }
        whenJudged.accept(request);
        return timer;
    }

    Judged judged(long number) {
        synchronized (judged) {
            return judged.stream().filter(j -> j.number() == number).findFirst().orElseThrow();
        }
    }
}
