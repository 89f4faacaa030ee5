/** Hystrix's event notifier plugin, told of each command's events. */
package com.netflix.hystrix.strategy.eventnotifier;
