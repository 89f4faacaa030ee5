/** The closed vocabulary of call events and the listener that receives them. */
package dev.firebreak.event;
