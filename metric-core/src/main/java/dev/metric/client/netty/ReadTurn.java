package dev.metric.client.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Knows when an event loop is decoding a read, so that the requests its connections send in answer
 * to the replies of one read can leave in one write when the read has been decoded. Ahead of the
 * reply decoder in the pipeline of every connection of the loop: a read's replies are decoded, and their requests
 * completed, inside {@link #channelRead}. Used by the loop's thread only.
 */
@ChannelHandler.Sharable
public final class ReadTurn extends ChannelInboundHandlerAdapter {

    /**
     * A flush inside a read writes once this share (one in {@value}) of the connection's requests in
     * flight waits. Holding fewer costs both sides more writes and reads per request; holding half the
     * window or more has them take turns (with 50 in flight on one connection, holding 16 beat holding
     * 8 or 25 against the same server).
     */
    private static final int HELD_SHARE = 3;

    /** A connection whose writes may wait for the end of a read, to write them then. */
    public abstract static class Holder {

        private boolean holding;

        /** Writes what was held. */
        protected abstract void writeHeld();
    }

    private final List<Holder> holding = new ArrayList<>();
    private int depth;

    /**
     * Whether {@code holder}'s flush, of {@code unwritten} requests with {@code inFlight} in flight on
     * its connection, writes now: outside a read, or once a third of those in flight wait. Otherwise
     * the holder writes when the read being decoded is done ({@link Holder#writeHeld}): one write for
     * several replies' worth of requests, and never so many held back that the server runs out of
     * requests while the client decodes.
     */
    public boolean writesNow(Holder holder, int unwritten, int inFlight) {
        if (depth == 0 || unwritten * HELD_SHARE >= inFlight) {
            return true;
        }
        if (!holder.holding) {
            holder.holding = true;
            holding.add(holder);
        }
        return false;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        depth++;
        try {
            context.fireChannelRead(message);
        } finally {
            if (--depth == 0) {
                writeHeld();
            }
        }
    }

    /** A write may fail requests at once and so send more: leases that hold again meanwhile are written too. */
    private void writeHeld() {
        for (int i = 0; i < holding.size(); i++) {
            Holder holder = holding.get(i);
            holder.holding = false;
            holder.writeHeld();
        }
        holding.clear();
    }
}
