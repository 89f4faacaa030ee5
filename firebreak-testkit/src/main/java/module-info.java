/** Test fixtures for code that uses Firebreak: a manual clock that fires due tasks, a gate, waits. */
module dev.firebreak.testkit {
    requires transitive dev.firebreak.core;

    exports dev.firebreak.testkit;
}
