#include "../../../../src/telemetry/directory_lock.cpp"
