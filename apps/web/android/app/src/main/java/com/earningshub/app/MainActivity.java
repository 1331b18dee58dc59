package com.earningshub.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
