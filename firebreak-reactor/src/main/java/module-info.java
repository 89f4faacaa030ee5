/** Project Reactor's Mono and Flux run as guarded calls. */
// The jars named below carry no module descriptor (automatic modules): javac's lint says so once per
// requires, and there is nothing else to require until they ship descriptors.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.reactor {
    requires transitive dev.firebreak.core;
    // Mono, Flux and Publisher appear in this module's API.
    requires transitive reactor.core;
    requires transitive org.reactivestreams;

    exports dev.firebreak.reactor;
}
