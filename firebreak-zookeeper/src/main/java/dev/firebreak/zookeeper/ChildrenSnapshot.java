package dev.firebreak.zookeeper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;

/**
 * One node's children as properties (child name: key; its data, UTF-8, trimmed: value), as the store
 * held them at one instant, and the highest modification zxid among them (the revision).
 */
record ChildrenSnapshot(Map<String, String> properties, long revision) {

    /*
     * Why one multi-read: reading the children one request at a time lets a transaction that changes
     * two of them (a timeout with its pool size, written in one multi) commit between two reads, and
     * the snapshot would pair the old timeout with the new size. ZooKeeper (3.6 and later) serves a
     * read-only multi (getChildren and getData operations) as one request against one state of its
     * tree, so its results are one instant's. The list of children comes from a plain read first;
     * the multi reads the list again, and when a child was added or removed in between (the two lists
     * differ, or a getData finds no node) the read starts over: a set of children changes rarely, so
     * MAX_ATTEMPTS is only a bound against a store rewritten without pause.
     */

    private static final int MAX_ATTEMPTS = 20;

    /** Reads the children of {@code path} at one instant; a missing node reads as no properties. */
    static ChildrenSnapshot read(CuratorFramework client, String path) throws IOException {
        try {
            ZooKeeper zooKeeper = client.getZookeeperClient().getZooKeeper();
            for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
                ChildrenSnapshot snapshot = attempt(zooKeeper, path);
                if (snapshot != null) {
                    return snapshot;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + path, e);
        } catch (Exception e) {
            throw new IOException("cannot read " + path + ": " + e, e);
        }
        throw new IOException("the children of " + path + " were added or removed during each of " + MAX_ATTEMPTS
                + " consecutive reads; the last snapshot read stays in force");
    }

    /** One attempt: the snapshot, or null when the set of children changed under it. */
    private static ChildrenSnapshot attempt(ZooKeeper zooKeeper, String path) throws Exception {
        List<String> children;
        try {
            children = new ArrayList<>(zooKeeper.getChildren(path, false));
        } catch (KeeperException.NoNodeException gone) {
            return new ChildrenSnapshot(Map.of(), 0);
        }
        children.sort(null);
        List<Op> reads = new ArrayList<>(children.size() + 1);
        reads.add(Op.getChildren(path));
        for (String child : children) {
            reads.add(Op.getData(path + "/" + child));
        }
        List<OpResult> results = zooKeeper.multi(reads);
        if (!(results.get(0) instanceof OpResult.GetChildrenResult listed)
                || !children.equals(listed.getChildren().stream().sorted().toList())) {
            return null; // the node went, or a child came or went, between the list and the multi
        }
        Map<String, String> properties = new TreeMap<>();
        long revision = 0;
        for (int i = 0; i < children.size(); i++) {
            if (!(results.get(i + 1) instanceof OpResult.GetDataResult read)) {
                return null; // an error result: the child went meanwhile
            }
            byte[] data = read.getData();
            properties.put(children.get(i), data == null ? "" : new String(data, StandardCharsets.UTF_8).strip());
            revision = Math.max(revision, Revisions.modifiedAt(read));
        }
        return new ChildrenSnapshot(properties, revision);
    }
}
