/** Hystrix's command execution hook plugin, called around each command's run and fallback. */
package com.netflix.hystrix.strategy.executionhook;
