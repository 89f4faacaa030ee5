/** Hystrix's metrics publisher plugin, asked once per command and thread-pool key. */
package com.netflix.hystrix.strategy.metrics;
