package com.netflix.hystrix.strategy.executionhook;

/**
 * Hystrix's execution-hook plugin type, present so code that declares one compiles. The bridge does
 * not call hooks: {@code HystrixPlugins.registerCommandExecutionHook} throws and names the Firebreak
 * alternatives.
 */
public abstract class HystrixCommandExecutionHook {
}
