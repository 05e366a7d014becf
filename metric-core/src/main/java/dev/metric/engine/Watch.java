package dev.metric.engine;

import dev.metric.client.Request;

/** What the engine tells about every request as it goes and comes, and asks before sending more. */
public interface Watch {

    /** Watches nothing and never asks to stop. */
    Watch NONE = new Watch() {
        @Override
        public void sent() {
        }

        @Override
        public void ended(Request request) {
        }

        @Override
        public boolean stopRequested() {
            return false;
        }
    };

    /** A request is about to go out (before a connection is taken for it). */
    void sent();

    /** A request completed: answered (a reply or an error reply) or failed. */
    void ended(Request request);

    /** Whether the run should stop sending: asked from outside, or the server is gone. */
    boolean stopRequested();
}
