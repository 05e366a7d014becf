package dev.metric.config;

import dev.metric.client.ClientLibrary;
import dev.metric.client.ClientSettings;
import dev.metric.client.EngineKind;

/** What the configuration of every mode answers, so that code around a run needs to know no mode. */
public interface RunConfig {

    /** How the client drives the server. */
    ClientLanes clientLanes();

    /** The server the run goes to, and how the client connects. */
    default ClientSettings client() {
        return clientLanes().client();
    }

    /** The client library. */
    default ClientLibrary library() {
        return clientLanes().library();
    }

    /** The run's client threads. */
    default int threads() {
        return clientLanes().threads();
    }

    /** Connections each thread drives: its lanes. */
    default int connections() {
        return clientLanes().connections();
    }

    /** What drives the lanes. */
    default EngineKind engine() {
        return clientLanes().engine();
    }

    /** Requests each lane keeps outstanding. */
    default int inflight() {
        return clientLanes().inflight();
    }

    /** The replicas of the server the run reads back once it has written: none, unless its mode reads them. */
    default ReplicaChoice replicas() {
        return ReplicaChoice.NONE;
    }

    /** Where the run's reads go: the primary, unless its mode reads from replicas. */
    default ReadFrom readFrom() {
        return ReadFrom.PRIMARY;
    }

    /** The lanes the run drives: a connection of its own each, with its requests in flight. */
    default int lanes() {
        return clientLanes().count();
    }
}
