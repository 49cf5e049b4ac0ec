/**
 * check-thread at scale (test/bench/thread.ts) in a process of its own: `npm run bench` runs it
 * so, and `npm run bench:thread` alone. In the bench's own process the figures before it left
 * their heap behind (the legend's tokenizer alone keeps about 20 MB), which every major
 * collection of the 1,000,000-line run marks again; `rw check-thread` runs in a process of its
 * own too. Prints; asserts nothing.
 */
import { payVocabulary } from "./pay-vocabulary.js";
import { benchThread } from "./thread.js";

benchThread(payVocabulary());
