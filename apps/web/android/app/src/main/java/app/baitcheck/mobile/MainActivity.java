package app.baitcheck.mobile;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        // the app's own plugins are registered before the bridge starts
        registerPlugin(PushSetupPlugin.class);
        super.onCreate(savedInstanceState);
    }
}
