package dev.metric.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.metric.client.ServerAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** INFO replication as Redis 7.0 writes it, for a primary and for its replica. */
class ReplicationTest {

    @Test
    void aPrimaryListsItsReplicasWithTheirStateAndAcknowledgedOffset() {
        Replication primary = Replication.of(ServerInfo.parse("""
                # Replication\r
                role:master\r
                connected_slaves:2\r
                slave0:ip=127.0.0.1,port=6402,state=online,offset=5055459,lag=0\r
                slave1:ip=::1,port=6403,state=wait_bgsave,offset=0,lag=0\r
                master_failover_state:no-failover\r
                master_replid:ab4a5ef87791961500fbbd21470997b43834d20d\r
                master_replid2:0000000000000000000000000000000000000000\r
                master_repl_offset:5055473\r
                """));

        assertFalse(primary.isReplica());
        assertEquals("ab4a5ef87791961500fbbd21470997b43834d20d", primary.replid());
        assertEquals(5055473, primary.offset());
        assertNull(primary.primary());
        assertEquals(List.of(new Replication.Listed(new ServerAddress("127.0.0.1", 6402), "online", 5055459),
                new Replication.Listed(new ServerAddress("::1", 6403), "wait_bgsave", 0)), primary.replicas());
    }

    @Test
    void aReplicaNamesItsPrimaryItsLinkAndWhatItHasApplied() {
        Replication replica = Replication.of(ServerInfo.parse("""
                # Replication
                role:slave
                master_host:127.0.0.1
                master_port:6401
                master_link_status:up
                slave_read_repl_offset:5055480
                slave_repl_offset:5055473
                master_replid:ab4a5ef87791961500fbbd21470997b43834d20d
                master_repl_offset:5055473
                """));

        assertTrue(replica.isReplica());
        assertTrue(replica.linkUp());
        assertEquals(new ServerAddress("127.0.0.1", 6401), replica.primary());
        assertEquals(5055473, replica.offset(), "what it applied, not what it read");
        assertTrue(replica.replicas().isEmpty());
    }

    @Test
    void aListingWithoutAnAddressIsLeftOutAndMissingFieldsAreUnknown() {
        assertNull(Replication.listed("state=online,offset=3"));
        assertNull(Replication.listed("ip=10.0.0.1,port=99999"));
        Replication bare = Replication.of(ServerInfo.parse("redis_version:7.0.15\n"));
        assertEquals("unknown", bare.role());
        assertEquals(-1, bare.offset());
        assertFalse(bare.linkUp());
    }
}
