/** A live-configuration property source on ZooKeeper, through Apache Curator. */
// Curator and ZooKeeper ship no module descriptors (automatic modules): javac's lint says so once per
// requires. zookeeper-jute is not required: its packages overlap zookeeper's, so it stays on the class
// path, where the zookeeper module reads it (see Revisions).
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.zookeeper {
    requires transitive dev.firebreak.core;
    // CuratorFramework appears in this module's API.
    requires transitive curator.framework;
    requires curator.client;
    requires zookeeper;

    exports dev.firebreak.zookeeper;
}
