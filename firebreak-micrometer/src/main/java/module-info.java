/** Every guard's, pool's and call policy's figures as Micrometer meters. */
module dev.firebreak.micrometer {
    requires transitive dev.firebreak.core;
    // MeterBinder and MeterRegistry appear in this module's API.
    requires transitive micrometer.core;

    exports dev.firebreak.micrometer;
}
