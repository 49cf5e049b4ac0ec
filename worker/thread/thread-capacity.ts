/**
 * How much one thread holds. Its object keeps check-thread's audit of every stored line in memory
 * (README note 29), and a read of its state, a page of its findings or owners, and its alarm
 * build check-thread's whole report beside it (note 38), with a finding or an owner per handoff:
 * measured in V8 (`node --expose-gc`), the audit and one state's report and handoffs together
 * take about 490 bytes a line of 92-byte HOs and 1.75 bytes a byte of 8 KiB ones (about 330 bytes
 * a line and 1.75 a byte). Nothing bounded a thread, and an object has 128 MB (shared with the
 * other objects of its isolate): 200,000 short HOs, twenty requests of 10,000 lines, made every
 * read of the state and every alarm build some 100 MB. At these bounds the peak is about 60 MB
 * (100,000 HOs of 164 bytes, 16 MiB), and the state of 100,000 short HOs was read in 0.9 to 1.3
 * s in workerd (local, on two busy cores).
 */

/**
 * The most lines, and the most bytes of them (UTF-8, as stored, with the readback reports and done
 * checks stored beside them: stored-bytes.ts), a thread holds; and the most
 * challenges, and bytes of them, it keeps (sql-challenges.ts: one for each HO it may hold); and
 * the most prepared statements, and bytes of them (sql-statements.ts: each states an RB to relay
 * as one of its lines).
 */
export interface ThreadCapacity {
  readonly lines: number;
  readonly bytes: number;
}

export const THREAD_CAPACITY: ThreadCapacity = { lines: 100_000, bytes: 16 * 1024 * 1024 };
