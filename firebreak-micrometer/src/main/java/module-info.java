/** Every guard's, pool's and call policy's figures as Micrometer meters. */
// The jars named below carry no module descriptor (automatic modules): javac's lint says so once per
// requires, and there is nothing else to require until they ship descriptors.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.micrometer {
    requires transitive dev.firebreak.core;
    // MeterBinder and MeterRegistry appear in this module's API.
    requires transitive micrometer.core;

    exports dev.firebreak.micrometer;
}
