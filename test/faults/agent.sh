#!/bin/sh
# A light agent for the scale test (no Node start-up per agent): records its start and end in the
# file $2 ("start|end <id> <pid> 1 <epoch ms>"), prints a line carrying the marker $1, sleeps $3 s.
mark="$1"
record="$2"
echo "start $WAVE_AGENT_ID $$ 1 $(date +%s%3N)" >> "$record"
echo "$mark $WAVE_AGENT_ID run 1 line 1/1"
sleep "$3"
echo "end $WAVE_AGENT_ID $$ 1 $(date +%s%3N)" >> "$record"
