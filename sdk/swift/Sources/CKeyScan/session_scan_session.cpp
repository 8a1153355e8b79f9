#include "../../../../src/session/scan_session.cpp"
