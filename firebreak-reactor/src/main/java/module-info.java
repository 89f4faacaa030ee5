/** Project Reactor's Mono and Flux run as guarded calls. */
module dev.firebreak.reactor {
    requires transitive dev.firebreak.core;
    // Mono, Flux and Publisher appear in this module's API.
    requires transitive reactor.core;
    requires transitive org.reactivestreams;

    exports dev.firebreak.reactor;
}
