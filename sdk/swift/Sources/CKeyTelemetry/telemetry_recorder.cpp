#include "../../../../src/telemetry/recorder.cpp"
