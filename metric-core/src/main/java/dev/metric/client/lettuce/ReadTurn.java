package dev.metric.client.lettuce;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Knows when an event loop is decoding a read, so that the requests its connections send in answer
 * to the replies of one read can leave in one write when the read has been decoded. First in the
 * pipeline of every connection of the loop: a read's replies are decoded, and their requests
 * completed, inside {@link #channelRead}. Used by the loop's thread only.
 */
@ChannelHandler.Sharable
final class ReadTurn extends ChannelInboundHandlerAdapter {

    private final List<LettuceLoopLease> holding = new ArrayList<>();
    private int depth;

    /** Whether a read is being decoded on this loop now. */
    boolean reading() {
        return depth > 0;
    }

    /** Has {@code lease} write what it holds once the read being decoded is done. */
    void writeAfterRead(LettuceLoopLease lease) {
        holding.add(lease);
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
            holding.get(i).writeHeld();
        }
        holding.clear();
    }
}
