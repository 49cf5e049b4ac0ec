"""What the core answers for each seeded case: one JSON line from a node script per case, in order."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")


def core_answers(script, cases):
    """Runs `script` (a file beside this one) with the cases as JSON lines on stdin; exits when it answers another count."""
    payload = "".join(json.dumps(c) + "\n" for c in cases)
    answers = subprocess.run(["node", "--import", "tsx", os.path.join(HERE, script)], input=payload,
                             capture_output=True, text=True, cwd=ROOT, check=True).stdout.splitlines()
    if len(answers) != len(cases):
        sys.exit(f"the core answered {len(answers)} lines of {len(cases)}")
    return [json.loads(a) for a in answers]
