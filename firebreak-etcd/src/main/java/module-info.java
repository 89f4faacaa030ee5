/** A live-configuration property source on etcd, through jetcd. */
// jetcd ships no module descriptor (an automatic module): javac's lint says so once per requires.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.etcd {
    requires transitive dev.firebreak.core;
    // Client appears in this module's API.
    requires transitive jetcd.core;

    exports dev.firebreak.etcd;
}
