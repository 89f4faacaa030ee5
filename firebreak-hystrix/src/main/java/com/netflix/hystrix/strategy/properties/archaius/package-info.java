/** Hystrix's dynamic properties over Archaius 1. */
package com.netflix.hystrix.strategy.properties.archaius;
