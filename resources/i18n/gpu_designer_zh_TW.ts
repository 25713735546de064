<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW" sourcelanguage="en">
<context>
    <name>Application</name>
    <message>
        <source>Cannot open design</source>
        <translation>無法開啟設計</translation>
    </message>
    <message>
        <source>Internal error ({error}); </source>
        <translation>內部錯誤（{error}）；</translation>
    </message>
    <message>
        <source>your design was autosaved; </source>
        <translation>設計已自動儲存；</translation>
    </message>
    <message>
        <source>details in {log}</source>
        <translation>詳情見 {log}</translation>
    </message>
</context>
<context>
    <name>BomPanel</name>
    <message>
        <source>Part</source>
        <translation>零件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Qty</source>
        <translation>數量</translation>
    </message>
    <message>
        <source>Unit power (W)</source>
        <translation>單件功耗 (W)</translation>
    </message>
    <message>
        <source>Total power (W)</source>
        <translation>總功耗 (W)</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
</context>
<context>
    <name>BrandingDialog</name>
    <message>
        <source>Preferences: Branding</source>
        <translation>偏好設定：品牌</translation>
    </message>
    <message>
        <source>not an offer</source>
        <translation>非報價</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Used by PDF spec sheets and slides. Saved to {path}</source>
        <translation>用於 PDF 規格表與投影片。儲存於 {path}</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Contact line</source>
        <translation>聯絡資訊</translation>
    </message>
    <message>
        <source>Colour (#rrggbb)</source>
        <translation>顏色 (#rrggbb)</translation>
    </message>
    <message>
        <source>Choose...</source>
        <translation>選擇...</translation>
    </message>
    <message>
        <source>Logo (SVG or PNG)</source>
        <translation>標誌 (SVG 或 PNG)</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>瀏覽...</translation>
    </message>
    <message>
        <source>Disclaimer</source>
        <translation>免責聲明</translation>
    </message>
    <message>
        <source>Document number prefix</source>
        <translation>文號前綴</translation>
    </message>
    <message>
        <source>Prices valid for</source>
        <translation>價格有效期</translation>
    </message>
    <message>
        <source>The saved branding could not be read: {error}</source>
        <translation>無法讀取已儲存的品牌設定：{error}</translation>
    </message>
    <message>
        <source>Brand colour</source>
        <translation>品牌顏色</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>標誌</translation>
    </message>
    <message>
        <source>Logos (*.svg *.png)</source>
        <translation>標誌 (*.svg *.png)</translation>
    </message>
</context>
<context>
    <name>CanvasController</name>
    <message>
        <source>{action}: refused: {reason}</source>
        <translation>{action}：已拒絕：{reason}</translation>
    </message>
    <message>
        <source>Add {part}: refused: {reason}</source>
        <translation>加入 {part}：已拒絕：{reason}</translation>
    </message>
    <message>
        <source>Move {id}: refused: drop it on a {kind} slot</source>
        <translation>移動 {id}：已拒絕：請放到 {kind} 插槽</translation>
    </message>
</context>
<context>
    <name>ChangesDialog</name>
    <message>
        <source>This design has not been saved yet: there is no saved version to compare with.</source>
        <translation>此設計尚未儲存：沒有可比較的已儲存版本。</translation>
    </message>
    <message>
        <source>The saved version cannot be read: {error}</source>
        <translation>無法讀取已儲存的版本：{error}</translation>
    </message>
    <message>
        <source>Saved file: {name}</source>
        <translation>已儲存的檔案：{name}</translation>
    </message>
    <message>
        <source>Changes since saved</source>
        <translation>自上次儲存以來的變更</translation>
    </message>
    <message>
        <source>Compare Side by Side...</source>
        <translation>並排比較...</translation>
    </message>
</context>
<context>
    <name>ClusterActions</name>
    <message>
        <source>New C&amp;luster Plan</source>
        <translation>新增叢集規劃(&amp;L)</translation>
    </message>
    <message>
        <source>From the &amp;Open Design</source>
        <translation>由目前開啟的設計(&amp;O)</translation>
    </message>
    <message>
        <source>From a &amp;Template</source>
        <translation>由範本(&amp;T)</translation>
    </message>
    <message>
        <source>Open Cl&amp;uster Plan...</source>
        <translation>開啟叢集規劃(&amp;U)...</translation>
    </message>
    <message>
        <source>{name} cluster</source>
        <translation>{name} 叢集</translation>
    </message>
    <message>
        <source>Cannot plan a cluster</source>
        <translation>無法規劃叢集</translation>
    </message>
    <message>
        <source>Open cluster plan</source>
        <translation>開啟叢集規劃</translation>
    </message>
    <message>
        <source>Cluster plans and cluster sheets (*.json *.pdf);;All files (*)</source>
        <translation>叢集規劃與叢集規格表 (*.json *.pdf);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Cannot open cluster plan</source>
        <translation>無法開啟叢集規劃</translation>
    </message>
</context>
<context>
    <name>ClusterBomPanel</name>
    <message>
        <source>Category</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>零件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>數量</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>ClusterCostPanel</name>
    <message>
        <source>the shipped book</source>
        <translation>內建價格表</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估計值）</translation>
    </message>
    <message>
        <source>Capital US${capital} million{est}, of which US${estimated} million from estimates; yearly cost US${yearly} million; US${hour} per GPU-hour at {util} utilisation, PUE {pue}, US${kwh}/kWh; {energy} MWh a year (prices: {book}).</source>
        <translation>資本支出 US${capital} 百萬{est}，其中 US${estimated} 百萬來自估計值；每年成本 US${yearly} 百萬；使用率 {util}、PUE {pue}、電價 US${kwh}/kWh 時每 GPU 小時 US${hour}；每年 {energy} MWh（價格表：{book}）。</translation>
    </message>
    <message>
        <source>Your price book was not used: {reason}</source>
        <translation>未使用您的價格表：{reason}</translation>
    </message>
    <message>
        <source>Capital by category (US$ million)</source>
        <translation>各類資本支出（US$ 百萬）</translation>
    </message>
    <message>
        <source>Yearly cost by term (US$ million)</source>
        <translation>各項每年成本（US$ 百萬）</translation>
    </message>
    <message>
        <source>estimated: prices from the price book&apos;s estimates</source>
        <translation>估計值：價格取自價格表的估計</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>switches</source>
        <translation>交換器</translation>
    </message>
    <message>
        <source>cables</source>
        <translation>線纜</translation>
    </message>
    <message>
        <source>transceivers</source>
        <translation>光模組</translation>
    </message>
    <message>
        <source>PDUs</source>
        <translation>PDU 配電單元</translation>
    </message>
    <message>
        <source>racks</source>
        <translation>機櫃</translation>
    </message>
    <message>
        <source>CDUs</source>
        <translation>CDU 冷卻液分配單元</translation>
    </message>
    <message>
        <source>IT depreciation</source>
        <translation>IT 設備折舊</translation>
    </message>
    <message>
        <source>IT interest</source>
        <translation>IT 設備利息</translation>
    </message>
    <message>
        <source>IT maintenance</source>
        <translation>IT 設備維護</translation>
    </message>
    <message>
        <source>facility depreciation</source>
        <translation>設施折舊</translation>
    </message>
    <message>
        <source>facility interest</source>
        <translation>設施利息</translation>
    </message>
    <message>
        <source>facility operation</source>
        <translation>設施營運</translation>
    </message>
    <message>
        <source>energy</source>
        <translation>電費</translation>
    </message>
</context>
<context>
    <name>ClusterInspector</name>
    <message>
        <source>Plan</source>
        <translation>規劃</translation>
    </message>
    <message>
        <source>Site</source>
        <translation>場地</translation>
    </message>
    <message>
        <source>air</source>
        <translation>氣冷</translation>
    </message>
    <message>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <source>2N (either feed carries the rack)</source>
        <translation>2N（任一路可承擔整個機櫃）</translation>
    </message>
    <message>
        <source>N (feeds share the load)</source>
        <translation>N（各路分擔負載）</translation>
    </message>
    <message>
        <source>Compute fabric</source>
        <translation>運算網路</translation>
    </message>
    <message>
        <source>rail-optimised</source>
        <translation>軌道最佳化</translation>
    </message>
    <message>
        <source>leaf-spine</source>
        <translation>葉脊</translation>
    </message>
    <message>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <source>{field}: refused, {reason}</source>
        <translation>{field}：不接受，{reason}</translation>
    </message>
    <message>
        <source>default ({value})</source>
        <translation>預設（{value}）</translation>
    </message>
</context>
<context>
    <name>ClusterPowerPanel</name>
    <message>
        <source>IT {it} kW, facility {facility} kW at PUE {pue}; largest rack {largest} kW. Feeds: {feeds} per rack of {feed} kW each ({policy}); worst load {load}, {after} with one feed lost (rack {rack}). Heat: {air} kW to air, {liquid} kW to liquid; coolant {flow} L/min; {cdus} CDU(s); {tons} tons of cooling.</source>
        <translation>IT {it} kW，PUE {pue} 時設施 {facility} kW；最大機櫃 {largest} kW。供電迴路：每機櫃 {feeds} 路，每路 {feed} kW（{policy}）；最高負載 {load}，失去一路後 {after}（機櫃 {rack}）。發熱量：排入空氣 {air} kW，排入液體 {liquid} kW；冷卻液 {flow} L/min；{cdus} 台 CDU；散熱需求 {tons} 冷凍噸。</translation>
    </message>
</context>
<context>
    <name>ClusterPresentWindow</name>
    <message>
        <source>GPU Node Designer - cluster presentation</source>
        <translation>GPU Node Designer - 叢集簡報</translation>
    </message>
    <message>
        <source>Esc: leave</source>
        <translation>Esc：離開</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>節點數</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>機櫃</translation>
    </message>
    <message>
        <source>IT power / facility power</source>
        <translation>IT 功耗／設施功耗</translation>
    </message>
    <message>
        <source>Compute switches</source>
        <translation>運算網路交換器</translation>
    </message>
    <message>
        <source>Compute cables</source>
        <translation>運算網路線纜</translation>
    </message>
    <message>
        <source>Worst feed load, one feed lost</source>
        <translation>失去一路供電後的最高負載</translation>
    </message>
</context>
<context>
    <name>ClusterWindow</name>
    <message>
        <source>Racks</source>
        <translation>機櫃</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>網路架構</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>屬性</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Bill of Materials</source>
        <translation>物料清單</translation>
    </message>
    <message>
        <source>Power &amp;&amp; Cooling</source>
        <translation>功耗與散熱</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>up to {high} of the rack power limit</source>
        <translation>不超過機櫃功耗上限的 {high}</translation>
    </message>
    <message>
        <source>up to 100%</source>
        <translation>不超過 100%</translation>
    </message>
    <message>
        <source>over the limit</source>
        <translation>超過上限</translation>
    </message>
    <message>
        <source>node</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>switch</source>
        <translation>交換器</translation>
    </message>
    <message>
        <source>server</source>
        <translation>伺服器</translation>
    </message>
    <message>
        <source>power shelf</source>
        <translation>電源架</translation>
    </message>
    <message>
        <source>CDU</source>
        <translation>CDU（冷卻液分配裝置）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存新檔(&amp;A)...</translation>
    </message>
    <message>
        <source>Export &amp;BOM as CSV...</source>
        <translation>匯出 BOM 為 CSV(&amp;B)...</translation>
    </message>
    <message>
        <source>Export &amp;PDF...</source>
        <translation>匯出 PDF(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>關閉(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>符合視窗(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <source>Compute racks</source>
        <translation>運算機櫃</translation>
    </message>
    <message>
        <source>Network and management racks</source>
        <translation>網路與管理機櫃</translation>
    </message>
    <message>
        <source>{gpus} GPUs, {nodes} nodes, {racks} racks, IT {it} kW, {switches} compute switches</source>
        <translation>{gpus} 個 GPU，{nodes} 個節點，{racks} 個機櫃，IT {it} kW，{switches} 台運算網路交換器</translation>
    </message>
    <message>
        <source>{title}[*] - Cluster - GPU Node Designer</source>
        <translation>{title}[*] - 叢集 - GPU Node Designer</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>已復原：{edit}</translation>
    </message>
    <message>
        <source>Redone: {edit}</source>
        <translation>已重做：{edit}</translation>
    </message>
    <message>
        <source>{label} in rack {rack}</source>
        <translation>機櫃 {rack} 中的 {label}</translation>
    </message>
    <message>
        <source>Save cluster plan as</source>
        <translation>叢集規劃另存新檔</translation>
    </message>
    <message>
        <source>Cluster plans (*.json)</source>
        <translation>叢集規劃 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>無法儲存</translation>
    </message>
    <message>
        <source>Export BOM as CSV</source>
        <translation>匯出 BOM 為 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>Export PDF</source>
        <translation>匯出 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 檔案 (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {file}...</source>
        <translation>正在寫入 {file}...</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <source>Save the changes to {title}?</source>
        <translation>要儲存對 {title} 的變更嗎？</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare designs</source>
        <translation>比較設計</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Add file...</source>
        <translation>加入檔案...</translation>
    </message>
    <message>
        <source>Save PDF...</source>
        <translation>儲存 PDF...</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美規 Letter 紙張</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>並排</translation>
    </message>
    <message>
        <source>BOM differences</source>
        <translation>BOM 差異</translation>
    </message>
    <message>
        <source>Topology classes</source>
        <translation>拓撲類別</translation>
    </message>
    <message>
        <source>Pick {low}-{high} designs:</source>
        <translation>選擇 {low}-{high} 個設計：</translation>
    </message>
    <message>
        <source>Add a design to compare</source>
        <translation>加入要比較的設計</translation>
    </message>
    <message>
        <source>GPU node designs (*.json *.pdf)</source>
        <translation>GPU 節點設計 (*.json *.pdf)</translation>
    </message>
    <message>
        <source>{count} picked</source>
        <translation>已選 {count} 個</translation>
    </message>
    <message>
        <source> (pick {low} to {high})</source>
        <translation>（請選 {low} 到 {high} 個）</translation>
    </message>
    <message>
        <source>{count} designs compared; {best} marks the best value in a row</source>
        <translation>已比較 {count} 個設計；{best} 標示每列的最佳值</translation>
    </message>
    <message>
        <source>Save the comparison as PDF</source>
        <translation>將比較儲存為 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 檔案 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF not written: {reason}</source>
        <translation>未寫入 PDF：{reason}</translation>
    </message>
    <message>
        <source>Wrote {name}</source>
        <translation>已寫入 {name}</translation>
    </message>
    <message>
        <source>saved: {name}</source>
        <translation>已儲存：{name}</translation>
    </message>
    <message>
        <source>open: {name}</source>
        <translation>開啟中：{name}</translation>
    </message>
</context>
<context>
    <name>ExportRunner</name>
    <message>
        <source>cannot write: {reason}</source>
        <translation>無法寫入：{reason}</translation>
    </message>
    <message>
        <source>internal error: {kind}: {reason}</source>
        <translation>內部錯誤：{kind}：{reason}</translation>
    </message>
    <message>
        <source>Exporting...</source>
        <translation>正在匯出...</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>Export finished</source>
        <translation>匯出完成</translation>
    </message>
    <message>
        <source>Wrote {name}</source>
        <translation>已寫入 {name}</translation>
    </message>
    <message>
        <source>in {folder}</source>
        <translation>位於 {folder}</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開啟</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
</context>
<context>
    <name>FabricPanel</name>
    <message>
        <source>Nodes</source>
        <translation>節點數</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>葉交換器</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>脊交換器</translation>
    </message>
    <message>
        <source>Core</source>
        <translation>核心交換器</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>leaf</source>
        <translation>葉交換器</translation>
    </message>
    <message>
        <source>spine</source>
        <translation>脊交換器</translation>
    </message>
    <message>
        <source>core</source>
        <translation>核心交換器</translation>
    </message>
    <message>
        <source>rail-optimised</source>
        <translation>軌道最佳化</translation>
    </message>
    <message>
        <source>leaf-spine</source>
        <translation>葉脊</translation>
    </message>
    <message>
        <source>Compute fabric: {topology}, {sus} SU of {positions} node positions, oversubscription {ratio}:1</source>
        <translation>運算網路：{topology}，{sus} 個 SU，每個 {positions} 個節點位置，超額訂閱比 {ratio}:1</translation>
    </message>
    <message>
        <source>{title}: {count} x {part}</source>
        <translation>{title}：{count} 台 {part}</translation>
    </message>
    <message>
        <source>{title}, plane {plane}: {count} x {part}</source>
        <translation>{title}，平面 {plane}：{count} 台 {part}</translation>
    </message>
    <message>
        <source>{count} cables, {lower} to {upper}</source>
        <translation>{lower}至{upper}：{count} 條線纜</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>GPU node designs (*.json *.pdf);;All files (*)</source>
        <translation>GPU 節點設計 (*.json *.pdf);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未儲存的變更</translation>
    </message>
    <message>
        <source>Save the changes to {title}?</source>
        <translation>要儲存對 {title} 的變更嗎？</translation>
    </message>
    <message>
        <source>Cannot open design</source>
        <translation>無法開啟設計</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>開啟設計</translation>
    </message>
    <message>
        <source>New design</source>
        <translation>新設計</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>還原</translation>
    </message>
    <message>
        <source>Discard all changes since {title} was last saved?</source>
        <translation>要捨棄自 {title} 上次儲存以來的所有變更嗎？</translation>
    </message>
    <message>
        <source>Save design as</source>
        <translation>另存設計</translation>
    </message>
    <message>
        <source>GPU node designs (*.json)</source>
        <translation>GPU 節點設計 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>無法儲存</translation>
    </message>
    <message>
        <source>PDF spec sheet (*.pdf)</source>
        <translation>PDF 規格表 (*.pdf)</translation>
    </message>
    <message>
        <source>JSON spec (*.json)</source>
        <translation>JSON 規格 (*.json)</translation>
    </message>
    <message>
        <source>SVG diagram (*.svg)</source>
        <translation>SVG 架構圖 (*.svg)</translation>
    </message>
    <message>
        <source>PNG diagram (*.png)</source>
        <translation>PNG 架構圖 (*.png)</translation>
    </message>
    <message>
        <source>16:9 slide (*.png *.svg *.pdf)</source>
        <translation>16:9 投影片 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>Export {what}</source>
        <translation>匯出 {what}</translation>
    </message>
    <message>
        <source>from {path}</source>
        <translation>來自 {path}</translation>
    </message>
    <message>
        <source>(never saved to a file)</source>
        <translation>（從未儲存為檔案）</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>復原未儲存的工作</translation>
    </message>
    <message>
        <source>GPU Node Designer did not close properly. Recover the unsaved design &apos;{name}&apos; {source}, autosaved {when}?

Recover opens it as unsaved work; Discard deletes the autosave; Ignore keeps it for the next start.</source>
        <translation>GPU Node Designer 上次未正常關閉。要復原未儲存的設計「{name}」{source}（自動儲存於 {when}）嗎？

復原：以未儲存的工作開啟；捨棄：刪除自動儲存檔；忽略：保留到下次啟動。</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>復原</translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>Refused: {reason}</source>
        <translation>已拒絕：{reason}</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>零件</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <source>Slot</source>
        <translation>插槽</translation>
    </message>
    <message>
        <source>Select parts of one kind to swap them together.</source>
        <translation>選取同一類零件才能一起更換。</translation>
    </message>
    <message>
        <source>Part of all {n}</source>
        <translation>全部 {n} 個的零件</translation>
    </message>
    <message>
        <source> lanes</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> ports</source>
        <translation> 埠</translation>
    </message>
    <message>
        <source> lane</source>
        <translation> 通道</translation>
    </message>
    <message>
        <source> port</source>
        <translation> 埠</translation>
    </message>
    <message>
        <source> links</source>
        <translation> 條鏈路</translation>
    </message>
    <message>
        <source> link</source>
        <translation> 條鏈路</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>數量</translation>
    </message>
    <message>
        <source>as the ends allow</source>
        <translation>依兩端裝置而定</translation>
    </message>
    <message>
        <source>PCIe generation cap</source>
        <translation>PCIe 世代上限</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>PSU redundancy</source>
        <translation>PSU 冗餘</translation>
    </message>
    <message>
        <source>Failure policy</source>
        <translation>故障策略</translation>
    </message>
    <message>
        <source>no rack budget</source>
        <translation>無機櫃功率預算</translation>
    </message>
    <message>
        <source>Rack power budget</source>
        <translation>機櫃功率預算</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 個節點</translation>
    </message>
    <message>
        <source>Nodes per rack</source>
        <translation>每機櫃節點數</translation>
    </message>
    <message>
        <source> node</source>
        <translation> 個節點</translation>
    </message>
    <message>
        <source>Rack limit, heat to air</source>
        <translation>機櫃上限，散到空氣的熱量</translation>
    </message>
    <message>
        <source>site limit</source>
        <translation>機房上限</translation>
    </message>
    <message>
        <source>Rack limit, heat to liquid</source>
        <translation>機櫃上限，液冷熱量</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>platform default (documented)</source>
        <translation>平台預設（依原廠說明）</translation>
    </message>
    <message>
        <source>Fabric Manager default (mode 0)</source>
        <translation>Fabric Manager 預設（模式 0）</translation>
    </message>
    <message>
        <source>Fabric Manager degraded (mode 1, A100 only)</source>
        <translation>Fabric Manager 降級（模式 1，僅 A100）</translation>
    </message>
    <message>
        <source>NMX full-bandwidth partition</source>
        <translation>NMX 全頻寬分區</translation>
    </message>
    <message>
        <source>NMX adaptive-bandwidth partition</source>
        <translation>NMX 自適應頻寬分區</translation>
    </message>
    <message>
        <source>no published policy (assumed link loss)</source>
        <translation>未公開策略（假設鏈路損失）</translation>
    </message>
    <message>
        <source>rail optimized</source>
        <translation>軌道最佳化 (rail optimized)</translation>
    </message>
    <message>
        <source>fat tree</source>
        <translation>胖樹 (fat tree)</translation>
    </message>
    <message>
        <source>Scale-out topology</source>
        <translation>scale-out 拓撲</translation>
    </message>
    <message>
        <source>Leaf group</source>
        <translation>葉交換器群組</translation>
    </message>
    <message>
        <source> nodes per leaf</source>
        <translation> 個節點／葉交換器</translation>
    </message>
    <message>
        <source> node per leaf</source>
        <translation> 個節點／葉交換器</translation>
    </message>
    <message>
        <source>Spine oversubscription</source>
        <translation>脊層超額訂閱比</translation>
    </message>
    <message>
        <source>&lt;b&gt;{id}&lt;/b&gt;: {kind} link {a} - {b}</source>
        <translation>&lt;b&gt;{id}&lt;/b&gt;：{kind} 鏈路 {a} - {b}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} items selected&lt;/b&gt;</source>
        <translation>&lt;b&gt;已選取 {count} 項&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Design&lt;/b&gt;: {name}</source>
        <translation>&lt;b&gt;設計&lt;/b&gt;：{name}</translation>
    </message>
    <message>
        <source>The reference design&apos;s description (&quot;{text}&quot;) no longer fits this design, which has changed since: its documents show the line made from its parts, in grey here. Type a description to use your own.</source>
        <translation>參考設計的說明（「{text}」）已不符合此設計，此設計已有變更：其規格表改用由零件組成的說明行，即此處的灰色文字。輸入說明即可改用您自己的文字。</translation>
    </message>
</context>
<context>
    <name>Kinds</name>
    <message>
        <source>Accelerators</source>
        <translation>加速器</translation>
    </message>
    <message>
        <source>Scale-up switches</source>
        <translation>Scale-up 交換器</translation>
    </message>
    <message>
        <source>PCIe switches</source>
        <translation>PCIe 交換器</translation>
    </message>
    <message>
        <source>NICs / DPUs</source>
        <translation>網路卡 / DPU</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Power supplies</source>
        <translation>電源供應器</translation>
    </message>
    <message>
        <source>Cooling</source>
        <translation>散熱</translation>
    </message>
    <message>
        <source>Networks</source>
        <translation>網路</translation>
    </message>
    <message>
        <source>Chassis</source>
        <translation>機箱</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Components</source>
        <translation>元件</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>屬性</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>效能</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作負載</translation>
    </message>
    <message>
        <source>Power &amp;&amp; Thermal</source>
        <translation>功耗與散熱</translation>
    </message>
    <message>
        <source>Bill of Materials</source>
        <translation>物料清單</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Blank Design...</source>
        <translation>新增空白設計(&amp;N)...</translation>
    </message>
    <message>
        <source>New from &amp;Template...</source>
        <translation>從範本新增(&amp;T)...</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>開啟(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近開啟(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>儲存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存新檔(&amp;A)...</translation>
    </message>
    <message>
        <source>Re&amp;vert</source>
        <translation>還原(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare...</source>
        <translation>比較(&amp;C)...</translation>
    </message>
    <message>
        <source>Design-Space &amp;Search...</source>
        <translation>設計空間搜尋(&amp;S)...</translation>
    </message>
    <message>
        <source>&amp;Import Topology...</source>
        <translation>匯入拓撲(&amp;I)...</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>匯出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;PDF Spec Sheet...</source>
        <translation>PDF 規格表(&amp;P)...</translation>
    </message>
    <message>
        <source>&amp;JSON Spec...</source>
        <translation>JSON 規格(&amp;J)...</translation>
    </message>
    <message>
        <source>&amp;SVG Diagram...</source>
        <translation>SVG 架構圖(&amp;S)...</translation>
    </message>
    <message>
        <source>P&amp;NG Diagram...</source>
        <translation>PNG 架構圖(&amp;N)...</translation>
    </message>
    <message>
        <source>16:9 S&amp;lide...</source>
        <translation>16:9 投影片(&amp;L)...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>復原</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>刪除(&amp;D)</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>複製一份(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>複製(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>貼上(&amp;P)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全選(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Auto-wire</source>
        <translation>自動接線(&amp;A)</translation>
    </message>
    <message>
        <source>C&amp;hanges Since Saved...</source>
        <translation>自上次儲存的變更(&amp;H)...</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Select / Move</source>
        <translation>選取 / 移動(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>連接(&amp;C)</translation>
    </message>
    <message>
        <source>Pr&amp;eferences...</source>
        <translation>偏好設定(&amp;E)...</translation>
    </message>
    <message>
        <source>&amp;Branding for Spec Sheets...</source>
        <translation>規格表品牌設定(&amp;B)...</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to View</source>
        <translation>符合視窗(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>顯示格線(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重設版面(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>關於(&amp;A)</translation>
    </message>
    <message>
        <source>Auto-wire</source>
        <translation>自動接線</translation>
    </message>
    <message>
        <source>Auto-wire (Ctrl+Shift+W)</source>
        <translation>自動接線 (Ctrl+Shift+W)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具列</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>選取</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>連接</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>符合</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>簡報</translation>
    </message>
    <message>
        <source>Undone: {edit}</source>
        <translation>已復原：{edit}</translation>
    </message>
    <message>
        <source>Redone: {edit}</source>
        <translation>已重做：{edit}</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>沒有可復原的動作</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>沒有可重做的動作</translation>
    </message>
    <message>
        <source>Connect: drag from one component to another</source>
        <translation>連接：從一個元件拖曳到另一個元件</translation>
    </message>
    <message>
        <source>Select and move</source>
        <translation>選取並移動</translation>
    </message>
    <message>
        <source>&amp;What-if: fail it</source>
        <translation>假設分析：讓它故障(&amp;W)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>語言</translation>
    </message>
    <message>
        <source>The new language shows when GPU Node Designer starts again.</source>
        <translation>新的語言會在 GPU Node Designer 重新啟動後顯示。</translation>
    </message>
    <message>
        <source>Restart now? Each window asks about unsaved work first.</source>
        <translation>現在重新啟動嗎？每個視窗會先詢問未儲存的工作。</translation>
    </message>
    <message>
        <source>Restart Now</source>
        <translation>立即重新啟動</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍後</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（無）</translation>
    </message>
    <message>
        <source>Paste: the clipboard holds no GPU Node Designer parts</source>
        <translation>貼上：剪貼簿中沒有 GPU Node Designer 零件</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>縮放</translation>
    </message>
    <message>
        <source>Ctrl+wheel</source>
        <translation>Ctrl+滾輪</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>middle or right drag, Space+drag</source>
        <translation>中鍵或右鍵拖曳、Space+拖曳</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <source>catalog {version}, {count} parts</source>
        <translation>型錄 {version}，{count} 個零件</translation>
    </message>
    <message>
        <source>About GPU Node Designer</source>
        <translation>關於 GPU Node Designer</translation>
    </message>
</context>
<context>
    <name>PalettePanel</name>
    <message>
        <source>{form}, {tdp} W TDP</source>
        <translation>{form}，TDP {tdp} W</translation>
    </message>
    <message>
        <source>scale-up: {links} x {bw} GB/s per direction ({bidir} GB/s bidirectional)</source>
        <translation>scale-up：{links} x {bw} GB/s（每方向）（雙向 {bidir} GB/s）</translation>
    </message>
    <message>
        <source>dense BF16 {bf16}, FP8 {fp8}</source>
        <translation>稠密算力 BF16 {bf16}，FP8 {fp8}</translation>
    </message>
    <message>
        <source>{ports} ports x {bw} GB/s per direction</source>
        <translation>{ports} 埠 x {bw} GB/s（每方向）</translation>
    </message>
    <message>
        <source>in-switch reduction (NVLS)</source>
        <translation>交換器內歸約（NVLS）</translation>
    </message>
    <message>
        <source>no in-switch reduction</source>
        <translation>無交換器內歸約</translation>
    </message>
    <message>
        <source>{cores} cores, {tdp} W, {lanes} PCIe Gen{gen} lanes</source>
        <translation>{cores} 核心，{tdp} W，{lanes} 條 PCIe Gen{gen} 通道</translation>
    </message>
    <message>
        <source>{watts} W, {eff} efficient</source>
        <translation>{watts} W，效率 {eff}</translation>
    </message>
    <message>
        <source>source ({confidence}): {source}</source>
        <translation>來源（{confidence}）：{source}</translation>
    </message>
    <message>
        <source>Search parts (name, vendor, id)...</source>
        <translation>搜尋零件（名稱、廠商、ID）...</translation>
    </message>
</context>
<context>
    <name>PdfJob</name>
    <message>
        <source>Not written: {reason}</source>
        <translation>未寫入：{reason}</translation>
    </message>
    <message>
        <source>Cannot write {file}: {reason}</source>
        <translation>無法寫入 {file}：{reason}</translation>
    </message>
    <message>
        <source>Internal error: {kind}: {reason}</source>
        <translation>內部錯誤：{kind}：{reason}</translation>
    </message>
    <message>
        <source>Wrote {file}</source>
        <translation>已寫入 {file}</translation>
    </message>
</context>
<context>
    <name>PerformancePanel</name>
    <message>
        <source>Collectives</source>
        <translation>集合通訊</translation>
    </message>
    <message>
        <source>nodes: </source>
        <translation>節點數：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>What-if: fail the selection</source>
        <translation>假設分析：讓選取項目故障</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>備註</translation>
    </message>
    <message>
        <source>Bottleneck of {collective} at {size} bytes: {link}</source>
        <translation>{collective} 在 {size} bytes 的瓶頸：{link}</translation>
    </message>
    <message>
        <source>Notes ({count})</source>
        <translation>備註（{count}）</translation>
    </message>
    <message>
        <source>message size (bytes)</source>
        <translation>訊息大小（位元組）</translation>
    </message>
    <message>
        <source>{gpus} GPUs ({nodes} nodes)</source>
        <translation>{gpus} 個 GPU（{nodes} 個節點）</translation>
    </message>
    <message>
        <source>{gpus} GPUs (1 node)</source>
        <translation>{gpus} 個 GPU（1 個節點）</translation>
    </message>
    <message>
        <source>collective</source>
        <translation>集合通訊</translation>
    </message>
    <message>
        <source>size (B)</source>
        <translation>大小 (B)</translation>
    </message>
    <message>
        <source>time (us)</source>
        <translation>時間 (us)</translation>
    </message>
    <message>
        <source>algorithm</source>
        <translation>演算法</translation>
    </message>
</context>
<context>
    <name>PowerPanel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Component load</source>
        <translation>元件負載</translation>
    </message>
    <message>
        <source>Peak wall power</source>
        <translation>牆端峰值功耗</translation>
    </message>
    <message>
        <source>Published maximum</source>
        <translation>公布的最大值</translation>
    </message>
    <message>
        <source>none published</source>
        <translation>未公布</translation>
    </message>
    <message>
        <source>{wall} W (PSUs {efficiency}% efficient at this load)</source>
        <translation>{wall} W（此負載下 PSU 效率 {efficiency}%）</translation>
    </message>
    <message>
        <source>{maximum} W, calibration point (fan term derived from it; computed {gap}%)</source>
        <translation>{maximum} W，校準點（風扇項由此推導；計算值 {gap}%）</translation>
    </message>
    <message>
        <source>{maximum} W (computed {gap}%)</source>
        <translation>{maximum} W（計算值 {gap}%）</translation>
    </message>
    <message>
        <source>PSUs</source>
        <translation>PSU</translation>
    </message>
    <message>
        <source>Usable under policy</source>
        <translation>冗餘策略下可用</translation>
    </message>
    <message>
        <source>{usable} W ({margin} W margin)</source>
        <translation>{usable} W（餘裕 {margin} W）</translation>
    </message>
    <message>
        <source>Heat</source>
        <translation>發熱量</translation>
    </message>
    <message>
        <source>Heat to liquid / to air</source>
        <translation>液冷 / 散到空氣的熱量</translation>
    </message>
    <message>
        <source>Airflow needed</source>
        <translation>所需風量</translation>
    </message>
    <message>
        <source>{cfm} CFM for the air share at a {rise} K rise</source>
        <translation>空氣部分在溫升 {rise} K 時需 {cfm} CFM</translation>
    </message>
    <message>
        <source>Cooling capacity</source>
        <translation>散熱能力</translation>
    </message>
    <message>
        <source>{capacity} W ({how}, {confidence})</source>
        <translation>{capacity} W（{how}，{confidence}）</translation>
    </message>
    <message>
        <source>published</source>
        <translation>公布值</translation>
    </message>
    <message>
        <source>derived</source>
        <translation>推算值</translation>
    </message>
    <message>
        <source>Cooling headroom</source>
        <translation>散熱餘裕</translation>
    </message>
    <message>
        <source>Assumed figures</source>
        <translation>假設數值</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 項</translation>
    </message>
    <message>
        <source>{rise} K rise (assumed)</source>
        <translation>溫升 {rise} K（假設值）</translation>
    </message>
    <message>
        <source>{rise} K rise</source>
        <translation>溫升 {rise} K</translation>
    </message>
    <message>
        <source>Coolant flow</source>
        <translation>冷卻液流量</translation>
    </message>
    <message>
        <source>{flow} L/min of water at a {rise}</source>
        <translation>{rise} 時需 {flow} L/min 的水</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>偏好設定</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟隨系統</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>淺色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Per direction (as NVIDIA and nccl-tests quote links)</source>
        <translation>每方向（NVIDIA 與 nccl-tests 標示鏈路的方式）</translation>
    </message>
    <message>
        <source>Bidirectional (both directions added)</source>
        <translation>雙向（兩個方向相加）</translation>
    </message>
    <message>
        <source>US Letter</source>
        <translation>美式 Letter</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主題</translation>
    </message>
    <message>
        <source>Language (after a restart)</source>
        <translation>語言（重新啟動後生效）</translation>
    </message>
    <message>
        <source>Bandwidth shown</source>
        <translation>頻寬顯示方式</translation>
    </message>
    <message>
        <source>Autosave unsaved work every</source>
        <translation>自動儲存未儲存工作的間隔</translation>
    </message>
    <message>
        <source>Default paper size</source>
        <translation>預設紙張大小</translation>
    </message>
    <message>
        <source>Air-cooled racks: all their heat; liquid-cooled racks: their air share</source>
        <translation>風冷機櫃：全部熱量；液冷機櫃：散到空氣的部分</translation>
    </message>
    <message>
        <source>Rack limit, heat to air</source>
        <translation>機櫃上限，散到空氣的熱量</translation>
    </message>
    <message>
        <source>Rack limit, heat to liquid</source>
        <translation>機櫃上限，液冷熱量</translation>
    </message>
    <message>
        <source>shipped price book</source>
        <translation>內建價格表</translation>
    </message>
    <message>
        <source>A JSON price book whose entries replace the shipped prices (user guide, &apos;Cost of ownership&apos;); empty: the shipped prices</source>
        <translation>以 JSON 價格表的項目取代內建價格（見使用指南「擁有成本」）；留空則使用內建價格</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>瀏覽...</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>價格表</translation>
    </message>
    <message>
        <source>Autosave interval {typed} s is out of range: {low} to {high} s.</source>
        <translation>自動儲存間隔 {typed} 秒超出範圍：{low} 至 {high} 秒。</translation>
    </message>
    <message>
        <source>Price book (*.json)</source>
        <translation>價格表 (*.json)</translation>
    </message>
    <message>
        <source>public default ({kw} kW)</source>
        <translation>公開預設值（{kw} kW）</translation>
    </message>
</context>
<context>
    <name>PresentWindow</name>
    <message>
        <source>Fail a switch plane</source>
        <translation>交換平面故障</translation>
    </message>
    <message>
        <source>Fail a NIC</source>
        <translation>網路卡故障</translation>
    </message>
    <message>
        <source>Fail a PSU</source>
        <translation>PSU 故障</translation>
    </message>
    <message>
        <source>GPU Node Designer - presentation</source>
        <translation>GPU Node Designer - 簡報</translation>
    </message>
    <message>
        <source>Open design</source>
        <translation>開啟設計</translation>
    </message>
    <message>
        <source>Left/Right or 1-9: switch design    P, N, S: fail a plane, NIC, PSU    Esc: leave</source>
        <translation>左/右或 1-9：切換設計    P、N、S：讓交換平面、網路卡、PSU 故障    Esc：離開</translation>
    </message>
    <message>
        <source>Cannot compute</source>
        <translation>無法計算</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>Problem</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>  [waived: {reason}]</source>
        <translation>  [已豁免：{reason}]</translation>
    </message>
    <message>
        <source>{message}
fix: {fix}</source>
        <translation>{message}
修正：{fix}</translation>
    </message>
    <message>
        <source>{counts}, {waived} waived; {rules} rules</source>
        <translation>{counts}，{waived} 項已豁免；{rules} 條規則</translation>
    </message>
    <message>
        <source>waived ({count})</source>
        <translation>已豁免（{count}）</translation>
    </message>
    <message>
        <source>not met: {counts}</source>
        <translation>未符合：{counts}</translation>
    </message>
    <message>
        <source>check warns: {counts}</source>
        <translation>檢查警告：{counts}</translation>
    </message>
    <message>
        <source>Remove waiver</source>
        <translation>移除豁免</translation>
    </message>
    <message>
        <source>Waive...</source>
        <translation>豁免...</translation>
    </message>
    <message>
        <source>Locate on canvas</source>
        <translation>在畫布上定位</translation>
    </message>
    <message>
        <source>Why is this acceptable?
{message}</source>
        <translation>為什麼可以接受？
{message}</translation>
    </message>
    <message>
        <source>Waive violation</source>
        <translation>豁免違規</translation>
    </message>
</context>
<context>
    <name>RackTableModel</name>
    <message>
        <source>Rack</source>
        <translation>機櫃</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Power (kW)</source>
        <translation>功耗（kW）</translation>
    </message>
    <message>
        <source>BTU/hr</source>
        <translation>發熱量（BTU/hr）</translation>
    </message>
    <message>
        <source>Load of limit</source>
        <translation>占上限比例</translation>
    </message>
    <message>
        <source>Feed load</source>
        <translation>供電迴路負載</translation>
    </message>
    <message>
        <source>Feed load, one feed lost</source>
        <translation>失去一路後的供電迴路負載</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>運算</translation>
    </message>
    <message>
        <source>network</source>
        <translation>網路</translation>
    </message>
    <message>
        <source>management</source>
        <translation>管理</translation>
    </message>
</context>
<context>
    <name>SweepWindow</name>
    <message>
        <source>Design-Space Search</source>
        <translation>設計空間搜尋</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 數</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>超額訂閱比</translation>
    </message>
    <message>
        <source>Network (ib, roce)</source>
        <translation>網路 (ib, roce)</translation>
    </message>
    <message>
        <source>Electricity, US$/kWh</source>
        <translation>電價，US$/kWh</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE（電源使用效率）</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>Local processes</source>
        <translation>本機程序數</translation>
    </message>
    <message>
        <source>shipped price book</source>
        <translation>內建價格表</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>瀏覽...</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>價格表</translation>
    </message>
    <message>
        <source>Designs</source>
        <translation>設計數</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export CSV...</source>
        <translation>匯出 CSV...</translation>
    </message>
    <message>
        <source>Filter: words every row shown contains (dgx-h100 roce; pareto)</source>
        <translation>篩選：所顯示的每一列都含有的字詞（dgx-h100 roce；pareto）</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>節點</translation>
    </message>
    <message>
        <source>US$/kWh</source>
        <translation>電價（US$/kWh）</translation>
    </message>
    <message>
        <source>busbw (GB/s)</source>
        <translation>busbw（GB/s）</translation>
    </message>
    <message>
        <source>US$ per GPU-hour</source>
        <translation>每 GPU 小時 US$</translation>
    </message>
    <message>
        <source>W per GPU</source>
        <translation>每 GPU 瓦數</translation>
    </message>
    <message>
        <source>Capital (US$)</source>
        <translation>資本支出（US$）</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>Pareto 集</translation>
    </message>
    <message>
        <source>choose at least one node</source>
        <translation>請至少選擇一種節點</translation>
    </message>
    <message>
        <source>{n} designs, {p} on the Pareto set. Hover a point for its figures; click it to open that cluster plan (in the table: a row, then Enter).</source>
        <translation>{n} 個設計，其中 {p} 個在 Pareto 前緣上。將游標移到點上可看數據；按一下即開啟該叢集規劃（在表格中：選一列後按 Enter）。</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>網路</translation>
    </message>
    <message>
        <source>Electricity</source>
        <translation>電價</translation>
    </message>
    <message>
        <source>{n} designs</source>
        <translation>{n} 個設計</translation>
    </message>
    <message>
        <source>Price book (*.json)</source>
        <translation>價格表 (*.json)</translation>
    </message>
    <message>
        <source>Running...</source>
        <translation>執行中...</translation>
    </message>
    <message>
        <source>Cancelling...</source>
        <translation>正在取消...</translation>
    </message>
    <message>
        <source>The sweep failed: {reason}</source>
        <translation>搜尋失敗：{reason}</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消，未寫入任何檔案。</translation>
    </message>
    <message>
        <source>{shown} of {total} designs</source>
        <translation>{total} 個設計中的 {shown} 個</translation>
    </message>
    <message>
        <source>AllReduce busbw, 1 GiB over all GPUs (GB/s, modelled)</source>
        <translation>AllReduce busbw，全部 GPU 上 1 GiB（GB/s，模型推算）</translation>
    </message>
    <message>
        <source>Cost per GPU-hour (US$)</source>
        <translation>每 GPU 小時成本（US$）</translation>
    </message>
    <message>
        <source>Facility power per GPU (W)</source>
        <translation>每 GPU 設施功耗（W）</translation>
    </message>
    <message>
        <source>Pareto set</source>
        <translation>Pareto 前緣</translation>
    </message>
    <message>
        <source>other designs</source>
        <translation>其他設計</translation>
    </message>
    <message>
        <source>busbw-cost front</source>
        <translation>busbw 與成本的前緣</translation>
    </message>
    <message>
        <source>No designs yet: set the ranges and run the sweep</source>
        <translation>尚無設計：請設定範圍後執行搜尋</translation>
    </message>
    <message>
        <source>{node}, {gpus} GPUs, oversubscription {over}:1, {net}, US${kwh}/kWh, PUE {pue}: busbw {busbw} GB/s, US${cost} per GPU-hour, {watts} W per GPU, capital US${capex}{est}</source>
        <translation>{node}，{gpus} 個 GPU，超額訂閱 {over}:1，{net}，US${kwh}/kWh，PUE {pue}：busbw {busbw} GB/s，每 GPU 小時 US${cost}，每 GPU {watts} W，資本支出 US${capex}{est}</translation>
    </message>
    <message>
        <source> (estimated)</source>
        <translation>（估計值）</translation>
    </message>
    <message>
        <source>Export sweep</source>
        <translation>匯出搜尋結果</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 檔案 (*.csv)</translation>
    </message>
    <message>
        <source>Wrote {file}: {shown} of {total} designs, as the table shows them</source>
        <translation>已寫入 {file}：{total} 個設計中的 {shown} 個，依表格所示</translation>
    </message>
    <message>
        <source>Wrote {file}: every design of the run (more than the table holds)</source>
        <translation>已寫入 {file}：本次執行的所有設計（多於表格可容納的數量）</translation>
    </message>
    <message>
        <source>Cannot write {file}: {reason}</source>
        <translation>無法寫入 {file}：{reason}</translation>
    </message>
</context>
<context>
    <name>TemplateGallery</name>
    <message>
        <source>A: PCIe switch</source>
        <translation>A：PCIe 交換器</translation>
    </message>
    <message>
        <source>B: full mesh (switched or direct links)</source>
        <translation>B：全互連（經交換器或直連鏈路）</translation>
    </message>
    <message>
        <source>C: CPU-GPU fusion</source>
        <translation>C：CPU-GPU 融合</translation>
    </message>
    <message>
        <source>D: custom liquid</source>
        <translation>D：客製液冷</translation>
    </message>
    <message>
        <source>rack-scale (more than 8 GPUs)</source>
        <translation>機櫃級（超過 8 個 GPU）</translation>
    </message>
    <message>
        <source>rack-scale</source>
        <translation>機櫃級</translation>
    </message>
    <message>
        <source>air</source>
        <translation>氣冷</translation>
    </message>
    <message>
        <source>liquid (cold plate)</source>
        <translation>液冷（冷板）</translation>
    </message>
    <message>
        <source>immersion</source>
        <translation>浸沒式冷卻</translation>
    </message>
    <message>
        <source>{count} GPUs · {scaleup} GB/s/dir scale-up per GPU · {memory} GB {kind} · {out} Gb/s per GPU out · {power} kW</source>
        <translation>{count} 個 GPU · 每 GPU scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每 GPU 對外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>{count} accelerators · {scaleup} GB/s/dir scale-up per accelerator · {memory} GB {kind} · {out} Gb/s per accelerator out · {power} kW</source>
        <translation>{count} 個加速器 · 每加速器 scale-up {scaleup} GB/s（每方向）· {kind} {memory} GB · 每加速器對外 {out} Gb/s · {power} kW</translation>
    </message>
    <message>
        <source>New design from a reference design</source>
        <translation>從參考設計新增設計</translation>
    </message>
    <message>
        <source>{vendor} · scheme {scheme} · {cooling}</source>
        <translation>{vendor} · 方案 {scheme} · {cooling}</translation>
    </message>
    <message>
        <source>B: switched full mesh</source>
        <translation>B：交換式全互連</translation>
    </message>
    <message>
        <source>B: full mesh (direct links, no switch)</source>
        <translation>B：全互連（直接鏈路，無交換器）</translation>
    </message>
    <message>
        <source>Search: name, GPU, vendor, figures</source>
        <translation>搜尋：名稱、GPU、廠商、數據</translation>
    </message>
    <message>
        <source>No reference design matches this search and these filters.</source>
        <translation>沒有符合此搜尋與篩選條件的參考設計。</translation>
    </message>
    <message>
        <source>Clear search and filters</source>
        <translation>清除搜尋與篩選</translation>
    </message>
    <message>
        <source>Vendor:</source>
        <translation>廠商：</translation>
    </message>
    <message>
        <source>Scheme:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <source>Cooling:</source>
        <translation>散熱：</translation>
    </message>
    <message>
        <source>Start from a reference design:</source>
        <translation>從參考設計開始：</translation>
    </message>
    <message>
        <source>Chassis of a blank design:</source>
        <translation>空白設計的機箱：</translation>
    </message>
    <message>
        <source>Blank design
An empty chassis (choose it below): add parts from the library and wire them; Auto-wire finishes the wiring.</source>
        <translation>空白設計
空的機箱（於下方選擇）：從元件庫加入元件並接線；自動接線會完成其餘接線。</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>{visible} of {total} designs</source>
        <translation>顯示 {visible} / {total} 個設計</translation>
    </message>
</context>
<context>
    <name>TopologyImport</name>
    <message>
        <source>Cannot import topology</source>
        <translation>無法匯入拓撲</translation>
    </message>
    <message>
        <source>Import topology (nvidia-smi topo -m, rocm-smi, npu-smi)</source>
        <translation>匯入拓撲（nvidia-smi topo -m、rocm-smi、npu-smi）</translation>
    </message>
    <message>
        <source>Topology pastes (*.txt *.log *.out);;All files (*)</source>
        <translation>拓撲輸出 (*.txt *.log *.out);;所有檔案 (*)</translation>
    </message>
</context>
<context>
    <name>WorkloadPanel</name>
    <message>
        <source>GPUs: </source>
        <translation>GPU 數：</translation>
    </message>
    <message>
        <source>FP8 (linear layers)</source>
        <translation>FP8（線性層）</translation>
    </message>
    <message>
        <source>No layout of {model} fits on {gpus} GPUs of this design ({n} tried): more GPUs, or GPUs with more memory.</source>
        <translation>{model} 在此設計的 {gpus} 個 GPU 上沒有放得下的配置（已試 {n} 種）：請增加 GPU，或改用記憶體更大的 GPU。</translation>
    </message>
    <message>
        <source>Best of {n} layouts ({fit} fit): TP {tp} x PP {pp} x DP {dp} x CP {cp}, micro-batch {mb}, recompute {rc}, ZeRO {zero}. Step {step} s, MFU {mfu}, {mem} GiB per GPU. {model} on {tokens} tokens (20 per parameter): {days} days, US${cost} (modelled).</source>
        <translation>{n} 種配置中最佳（{fit} 種放得下）：TP {tp} x PP {pp} x DP {dp} x CP {cp}，微批次 {mb}，重算 {rc}，ZeRO {zero}。每步 {step} s，MFU {mfu}，每 GPU {mem} GiB。{model} 訓練 {tokens} 個 token（每參數 20 個）：{days} 天，US${cost}（模型估算）。</translation>
    </message>
    <message>
        <source>Not validated for a mixture of experts: the model runs above every published Megatron-Bridge Qwen3 run (see the user guide).</source>
        <translation>混合專家模型未經驗證：本模型的結果高於每一筆已公開的 Megatron-Bridge Qwen3 實測（見使用指南）。</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>運算</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>管線氣泡</translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation>每步時間（s）</translation>
    </message>
    <message>
        <source>none</source>
        <comment>recompute</comment>
        <translation>不重算</translation>
    </message>
    <message>
        <source>selective</source>
        <comment>recompute</comment>
        <translation>選擇性</translation>
    </message>
    <message>
        <source>full</source>
        <comment>recompute</comment>
        <translation>完整</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重算</translation>
    </message>
    <message>
        <source>step (s)</source>
        <translation>每步（s）</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation>每 GPU GiB</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <source>New blank design</source>
        <translation>新增空白設計</translation>
    </message>
    <message>
        <source>Chassis:</source>
        <translation>機箱：</translation>
    </message>
</context>
</TS>
