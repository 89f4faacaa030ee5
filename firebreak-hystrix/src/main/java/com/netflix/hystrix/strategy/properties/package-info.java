/** Hystrix's {@code HystrixProperty}, a property value as Hystrix's strategies hand it out. */
package com.netflix.hystrix.strategy.properties;
