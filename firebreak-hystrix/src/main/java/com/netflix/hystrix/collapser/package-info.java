/** hystrix-core's collapser helpers: a collapsed request as an Observable. */
package com.netflix.hystrix.collapser;
