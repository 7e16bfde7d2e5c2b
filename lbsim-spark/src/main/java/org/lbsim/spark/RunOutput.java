package org.lbsim.spark;

import java.io.Serializable;
import java.util.LinkedHashMap;

/**
 * What a task sends back to the driver: the run's results-store line (as the map the local sweep
 * appends) and its result files' bytes, keyed by file name. The driver, not the executor, writes
 * them, so executors need no shared file system and only one process ever writes the store.
 */
record RunOutput(String run, LinkedHashMap<String, Object> line, LinkedHashMap<String, byte[]> files)
    implements Serializable {}
